CREATE TABLE "swp_location_latest" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"speed" double precision,
	"reports" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_location_position" (
	"user_id" bigint NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"speed" double precision,
	"accuracy" double precision,
	CONSTRAINT "swp_location_position_user_id_ts_pk" PRIMARY KEY("user_id","ts")
);
--> statement-breakpoint
CREATE TABLE "swp_ops_access_rule_index" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"index_code" varchar(32) NOT NULL,
	"index_name" varchar(64) NOT NULL,
	"weight" integer NOT NULL,
	"standard" double precision NOT NULL,
	"description" varchar(255),
	"sort" integer DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_patrol_hazard" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_id" bigint,
	"task_object_id" bigint,
	"event_type" varchar(32) NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"description" varchar(500) NOT NULL,
	"photos" text DEFAULT '' NOT NULL,
	"x" double precision,
	"y" double precision,
	"report_user" bigint,
	"report_time" timestamp with time zone DEFAULT now() NOT NULL,
	"dept_id" bigint,
	"hazard_status" integer DEFAULT 0 NOT NULL,
	"process_instance_id" varchar(64),
	"order_id" bigint
);
--> statement-breakpoint
CREATE TABLE "swp_patrol_job_object" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"object_code" varchar(64) NOT NULL,
	"object_name" varchar(100) NOT NULL,
	"facility_type" varchar(32) NOT NULL,
	"gis_layer" varchar(64),
	"gis_id" varchar(64),
	"address" varchar(255),
	"x" double precision,
	"y" double precision,
	"lon" double precision,
	"lat" double precision,
	"dept_id" bigint,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_patrol_order" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"source" varchar(16) NOT NULL,
	"event_type" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"dept_id" bigint,
	"order_status" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"finish_time" timestamp with time zone,
	"handle_user" bigint
);
--> statement-breakpoint
CREATE TABLE "swp_patrol_plan" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"plan_code" varchar(32) NOT NULL,
	"plan_name" varchar(100) NOT NULL,
	"type_id" bigint NOT NULL,
	"scope_type" varchar(8) NOT NULL,
	"geometry" text DEFAULT '[]' NOT NULL,
	"period" varchar(8) NOT NULL,
	"start_date" varchar(10) NOT NULL,
	"end_date" varchar(10) NOT NULL,
	"dept_id" bigint NOT NULL,
	"user_ids" text DEFAULT '' NOT NULL,
	"object_ids" text DEFAULT '' NOT NULL,
	"check_items" text DEFAULT '' NOT NULL,
	"audit_status" integer DEFAULT 0 NOT NULL,
	"submit_user" bigint,
	"submit_time" timestamp with time zone,
	"audit_user" bigint,
	"audit_time" timestamp with time zone,
	"audit_opinion" varchar(255),
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
CREATE TABLE "swp_patrol_plan_audit" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"plan_id" bigint NOT NULL,
	"action" varchar(16) NOT NULL,
	"opinion" varchar(255),
	"user_id" bigint NOT NULL,
	"user_name" varchar(45),
	"time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_patrol_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"plan_id" bigint NOT NULL,
	"task_name" varchar(120) NOT NULL,
	"type_id" bigint NOT NULL,
	"dept_id" bigint NOT NULL,
	"period" varchar(8) NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"task_status" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"object_count" integer DEFAULT 0 NOT NULL,
	"checked_count" integer DEFAULT 0 NOT NULL,
	"hazard_count" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_patrol_task_object" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_id" bigint NOT NULL,
	"job_object_id" bigint NOT NULL,
	"object_name" varchar(100) NOT NULL,
	"facility_type" varchar(32) NOT NULL,
	"x" double precision,
	"y" double precision,
	"sort" integer DEFAULT 1 NOT NULL,
	"result" integer DEFAULT 0 NOT NULL,
	"check_time" timestamp with time zone,
	"check_user" bigint,
	"photos" text DEFAULT '' NOT NULL,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "swp_patrol_task_user" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	"assign_time" timestamp with time zone DEFAULT now() NOT NULL,
	"from_user_id" bigint,
	"reason" varchar(255),
	"assign_user" bigint
);
--> statement-breakpoint
CREATE TABLE "swp_patrol_type" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"type_code" varchar(32) NOT NULL,
	"type_name" varchar(64) NOT NULL,
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
CREATE TABLE "swp_patrol_type_object" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"type_id" bigint NOT NULL,
	"facility_type" varchar(32) NOT NULL,
	"object_name" varchar(64) NOT NULL,
	"check_items" text DEFAULT '' NOT NULL,
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
CREATE INDEX "idx_location_latest_tenant" ON "swp_location_latest" USING btree ("tenant_id","ts");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_access_rule_index" ON "swp_ops_access_rule_index" USING btree ("tenant_id","index_code");--> statement-breakpoint
CREATE INDEX "idx_patrol_hazard_time" ON "swp_patrol_hazard" USING btree ("tenant_id","report_time");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_patrol_job_object_code" ON "swp_patrol_job_object" USING btree ("tenant_id","object_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_patrol_order_time" ON "swp_patrol_order" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_patrol_order_no" ON "swp_patrol_order" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_patrol_plan_code" ON "swp_patrol_plan" USING btree ("tenant_id","plan_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_patrol_plan_audit" ON "swp_patrol_plan" USING btree ("tenant_id","audit_status");--> statement-breakpoint
CREATE INDEX "idx_patrol_plan_audit_plan" ON "swp_patrol_plan_audit" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_patrol_task_period" ON "swp_patrol_task" USING btree ("plan_id","period_start");--> statement-breakpoint
CREATE INDEX "idx_patrol_task_tenant_start" ON "swp_patrol_task" USING btree ("tenant_id","period_start");--> statement-breakpoint
CREATE INDEX "idx_patrol_task_status" ON "swp_patrol_task" USING btree ("tenant_id","task_status");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_patrol_task_object" ON "swp_patrol_task_object" USING btree ("task_id","job_object_id");--> statement-breakpoint
CREATE INDEX "idx_patrol_task_object_check" ON "swp_patrol_task_object" USING btree ("tenant_id","check_time");--> statement-breakpoint
CREATE INDEX "idx_patrol_task_user_task" ON "swp_patrol_task_user" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "idx_patrol_task_user_user" ON "swp_patrol_task_user" USING btree ("user_id","active");--> statement-breakpoint
CREATE INDEX "idx_patrol_type_object_type" ON "swp_patrol_type_object" USING btree ("type_id");