CREATE TABLE "swp_gis_tile_setting" (
	"tenant_id" varchar(12) PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now()
);
