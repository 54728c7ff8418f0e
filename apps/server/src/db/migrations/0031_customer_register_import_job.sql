CREATE TABLE "swp_customer" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"account_no" varchar(32) NOT NULL,
	"customer_name" varchar(100) NOT NULL,
	"address" varchar(255),
	"phone" varchar(32),
	"customer_type" varchar(16) NOT NULL,
	"water_category" integer DEFAULT 1 NOT NULL,
	"dma_code" varchar(32),
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
CREATE TABLE "swp_meter_reading" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"meter_id" bigint NOT NULL,
	"read_time" timestamp with time zone NOT NULL,
	"reading" numeric(12, 2) NOT NULL,
	"consumption" numeric(12, 2),
	"prev_read_time" timestamp with time zone,
	"replacement" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "swp_water_meter" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"meter_no" varchar(32) NOT NULL,
	"customer_id" bigint NOT NULL,
	"caliber" integer NOT NULL,
	"meter_type" varchar(16) NOT NULL,
	"gis_code" varchar(32),
	"install_date" varchar(10),
	"last_read_time" timestamp with time zone,
	"last_reading" numeric(12, 2),
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
CREATE TABLE "swp_import_job" (
	"tenant_id" varchar(12) NOT NULL,
	"job_id" varchar(64) NOT NULL,
	"kind" varchar(32),
	"stage" varchar(32) NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"finished" integer DEFAULT 0 NOT NULL,
	"error" text,
	"report" text,
	"instance" varchar(64),
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uk_customer_account" ON "swp_customer" USING btree ("tenant_id","account_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_customer_dma" ON "swp_customer" USING btree ("tenant_id","dma_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_meter_reading_time" ON "swp_meter_reading" USING btree ("meter_id","read_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_meter_reading_tenant" ON "swp_meter_reading" USING btree ("tenant_id","read_time");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_water_meter_no" ON "swp_water_meter" USING btree ("tenant_id","meter_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_water_meter_customer" ON "swp_water_meter" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "idx_water_meter_gis" ON "swp_water_meter" USING btree ("tenant_id","gis_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_import_job" ON "swp_import_job" USING btree ("tenant_id","job_id");--> statement-breakpoint
CREATE INDEX "idx_import_job_time" ON "swp_import_job" USING btree ("update_time");