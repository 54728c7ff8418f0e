-- Custom SQL migration (drizzle-kit generate --custom): drizzle-kit cannot express table partitioning, so the raw
-- monitoring points table that 0002 created as a plain (and still empty) table is re-created here partitioned by
-- month on its time column. Columns and the primary key are those of the drizzle schema, so later generated
-- migrations stay consistent with it. Month partitions (swp_monitor_point_yYYYYmMM) are created on demand by the
-- monitor module before it writes into a month. Valid on PostgreSQL 15+ and on PGlite.
DROP TABLE "swp_monitor_point";
--> statement-breakpoint
CREATE TABLE "swp_monitor_point" (
	"series_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "swp_monitor_point_series_id_ts_pk" PRIMARY KEY("series_id","ts")
) PARTITION BY RANGE ("ts");
