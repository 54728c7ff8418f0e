CREATE TABLE "biz_category" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"category_name" varchar(64) NOT NULL,
	"category_code" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "biz_data_model" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"db_link_id" bigint DEFAULT '0' NOT NULL,
	"model_name" varchar(64) NOT NULL,
	"model_code" varchar(64) NOT NULL,
	"table_name" varchar(128) NOT NULL,
	"fields" jsonb,
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
CREATE TABLE "biz_design" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"form_id" bigint NOT NULL,
	"design_name" varchar(64) NOT NULL,
	"group_name" varchar(64) DEFAULT '默认分组' NOT NULL,
	"design_data" jsonb,
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
CREATE TABLE "biz_form" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"category_id" bigint,
	"form_name" varchar(64) NOT NULL,
	"form_code" varchar(64) NOT NULL,
	"data_model_id" bigint,
	"form_data" jsonb NOT NULL,
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
CREATE TABLE "ds_backup" (
	"id" bigint PRIMARY KEY NOT NULL,
	"file_name" varchar(128) NOT NULL,
	"file_size" integer DEFAULT 0 NOT NULL,
	"table_count" integer DEFAULT 0 NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"state" varchar(16) DEFAULT 'running' NOT NULL,
	"message" varchar(500),
	"description" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ds_interface" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"full_name" varchar(100) NOT NULL,
	"en_code" varchar(64) NOT NULL,
	"category" varchar(64),
	"data_type" integer DEFAULT 1 NOT NULL,
	"db_link_id" bigint,
	"query" text,
	"static_data" jsonb,
	"parameter_json" jsonb,
	"row_limit" integer DEFAULT 1000 NOT NULL,
	"timeout_ms" integer DEFAULT 5000 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"description" varchar(500),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ds_interface_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"interface_id" bigint NOT NULL,
	"user_id" bigint,
	"user_name" varchar(64),
	"ip" varchar(64),
	"invoke_time" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_ms" integer NOT NULL,
	"success" boolean NOT NULL,
	"row_count" integer,
	"message" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "ds_secret" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ds_source" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"full_name" varchar(100) NOT NULL,
	"db_type" varchar(20) NOT NULL,
	"host" varchar(255) NOT NULL,
	"port" integer NOT NULL,
	"db_name" varchar(128) NOT NULL,
	"db_schema" varchar(128),
	"user_name" varchar(128) NOT NULL,
	"password_enc" text,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"description" varchar(500),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rpt_report" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(100) NOT NULL,
	"content" text,
	"interface_id" bigint,
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
CREATE TABLE "dev_code" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"code_name" varchar(64) NOT NULL,
	"service_name" varchar(64) NOT NULL,
	"datasource_id" bigint,
	"table_name" varchar(128),
	"module_id" bigint,
	"table_prefix" varchar(32),
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
CREATE UNIQUE INDEX "uk_biz_category_code" ON "biz_category" USING btree ("tenant_id","category_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_biz_data_model_code" ON "biz_data_model" USING btree ("tenant_id","model_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_biz_design_form" ON "biz_design" USING btree ("tenant_id","form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_biz_form_code" ON "biz_form" USING btree ("tenant_id","form_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_biz_form_category" ON "biz_form" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_ds_interface_code" ON "ds_interface" USING btree ("tenant_id","en_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_ds_interface_log" ON "ds_interface_log" USING btree ("interface_id","invoke_time");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_ds_source_name" ON "ds_source" USING btree ("tenant_id","full_name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_rpt_report_name" ON "rpt_report" USING btree ("tenant_id","name") WHERE is_deleted = 0;