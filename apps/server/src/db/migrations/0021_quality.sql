CREATE TABLE "swp_quality_indicator" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"name_en" varchar(64),
	"category" varchar(16) NOT NULL,
	"unit" varchar(16) DEFAULT '' NOT NULL,
	"kind" varchar(8) NOT NULL,
	"point_kind" varchar(8) DEFAULT 'all' NOT NULL,
	"min_value" double precision,
	"max_value" double precision,
	"monitor_field" varchar(32),
	"alarm_minutes" integer DEFAULT 15 NOT NULL,
	"routine" boolean DEFAULT true NOT NULL,
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
CREATE TABLE "swp_quality_plan" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"point_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"indicator_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"frequency" varchar(8) NOT NULL,
	"assignee" bigint,
	"start_date" date NOT NULL,
	"end_date" date,
	"enabled" boolean DEFAULT true NOT NULL,
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
CREATE TABLE "swp_quality_point" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"point_kind" varchar(8) NOT NULL,
	"stcd" varchar(32),
	"address" varchar(255),
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
CREATE TABLE "swp_quality_result" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"sample_code" varchar(32) NOT NULL,
	"point_code" varchar(32) NOT NULL,
	"point_name" varchar(100),
	"sampled_at" timestamp with time zone NOT NULL,
	"indicator_code" varchar(32) NOT NULL,
	"indicator_name" varchar(64),
	"unit" varchar(16),
	"value" double precision NOT NULL,
	"limit_text" varchar(32),
	"compliant" boolean NOT NULL,
	"task_id" bigint,
	"alarm_id" bigint,
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
CREATE TABLE "swp_quality_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"plan_id" bigint NOT NULL,
	"plan_name" varchar(100),
	"point_code" varchar(32) NOT NULL,
	"point_name" varchar(100),
	"indicator_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"due_date" date NOT NULL,
	"assignee" bigint,
	"state" varchar(8) DEFAULT 'pending' NOT NULL,
	"sample_code" varchar(32),
	"done_time" timestamp with time zone,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uk_quality_indicator" ON "swp_quality_indicator" USING btree ("tenant_id","code","point_kind") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_quality_plan" ON "swp_quality_plan" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_quality_point" ON "swp_quality_point" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_quality_result" ON "swp_quality_result" USING btree ("tenant_id","sample_code","indicator_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_quality_result_time" ON "swp_quality_result" USING btree ("tenant_id","sampled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_quality_task" ON "swp_quality_task" USING btree ("tenant_id","plan_id","point_code","due_date");--> statement-breakpoint
CREATE INDEX "idx_quality_task_assignee" ON "swp_quality_task" USING btree ("tenant_id","assignee","state");