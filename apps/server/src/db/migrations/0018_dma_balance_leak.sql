CREATE TABLE "swp_billing_meter_read" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"account_no" varchar(32) NOT NULL,
	"meter_code" varchar(32) NOT NULL,
	"households" integer DEFAULT 1 NOT NULL,
	"prev_read_date" date NOT NULL,
	"read_date" date NOT NULL,
	"volume" numeric(12, 2) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_dma" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"boundary" jsonb,
	"geom" geometry(Polygon,4548),
	"boundary_valves" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"population" integer DEFAULT 0 NOT NULL,
	"connections" integer DEFAULT 0 NOT NULL,
	"main_length" double precision DEFAULT 0 NOT NULL,
	"night_start" integer DEFAULT 2 NOT NULL,
	"night_end" integer DEFAULT 4 NOT NULL,
	"night_per_capita" double precision DEFAULT 1.7 NOT NULL,
	"night_per_connection" double precision DEFAULT 0.6 NOT NULL,
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
CREATE TABLE "swp_dma_leak_event" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"code" varchar(32) NOT NULL,
	"dma_code" varchar(32) NOT NULL,
	"dma_name" varchar(100),
	"kind" varchar(16) NOT NULL,
	"estimated_start" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"leak_flow" double precision NOT NULL,
	"state" varchar(16) DEFAULT 'open' NOT NULL,
	"alarm_id" bigint,
	"process_instance_id" bigint,
	"closed_at" timestamp with time zone,
	"detail" jsonb,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_dma_setting" (
	"tenant_id" varchar(12) PRIMARY KEY NOT NULL,
	"meter_under_reg" double precision DEFAULT 0.02 NOT NULL,
	"theft" double precision DEFAULT 0.01 NOT NULL,
	"billed_accuracy" double precision DEFAULT 2 NOT NULL,
	"unbilled_accuracy" double precision DEFAULT 20 NOT NULL,
	"apparent_accuracy" double precision DEFAULT 50 NOT NULL,
	"update_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "swp_dma_unbilled" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"dma_code" varchar(32) NOT NULL,
	"category" varchar(16) NOT NULL,
	"use_date" date NOT NULL,
	"volume" double precision NOT NULL,
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
CREATE UNIQUE INDEX "uk_meter_read" ON "swp_billing_meter_read" USING btree ("tenant_id","meter_code","read_date");--> statement-breakpoint
CREATE INDEX "idx_meter_read_date" ON "swp_billing_meter_read" USING btree ("tenant_id","read_date");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_dma_code" ON "swp_dma" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_dma_parent" ON "swp_dma" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "idx_dma_geom" ON "swp_dma" USING gist ("geom");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_dma_leak_code" ON "swp_dma_leak_event" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_dma_leak_start" ON "swp_dma_leak_event" USING btree ("tenant_id","dma_code","estimated_start") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_dma_leak_time" ON "swp_dma_leak_event" USING btree ("tenant_id","detected_at");--> statement-breakpoint
CREATE INDEX "idx_dma_unbilled" ON "swp_dma_unbilled" USING btree ("tenant_id","dma_code","use_date");