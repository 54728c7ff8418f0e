CREATE TABLE "swp_hydraulic_material" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(64) NOT NULL,
	"keywords" varchar(255) NOT NULL,
	"hazen_c" double precision NOT NULL,
	"aging_per_year" double precision DEFAULT 0.4 NOT NULL,
	"min_c" double precision DEFAULT 70 NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uk_hydraulic_material" ON "swp_hydraulic_material" USING btree ("tenant_id","name") WHERE is_deleted = 0;