CREATE TABLE "blade_notice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"title" varchar(255) NOT NULL,
	"category" integer NOT NULL,
	"release_time" timestamp with time zone NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_attach" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"link" varchar(1000) NOT NULL,
	"domain_url" varchar(500),
	"name" varchar(500) NOT NULL,
	"original_name" varchar(500) NOT NULL,
	"extension" varchar(32),
	"attach_size" bigint DEFAULT 0 NOT NULL,
	"content_type" varchar(128),
	"storage" varchar(16) DEFAULT 'local' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_oss" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"category" integer NOT NULL,
	"oss_code" varchar(32) NOT NULL,
	"endpoint" varchar(255),
	"access_key" varchar(255),
	"secret_key" varchar(255),
	"bucket_name" varchar(255),
	"app_id" varchar(255),
	"region" varchar(255),
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
CREATE TABLE "blade_sms" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"category" integer NOT NULL,
	"sms_code" varchar(32) NOT NULL,
	"template_id" varchar(64) NOT NULL,
	"access_key" varchar(255),
	"secret_key" varchar(255),
	"region_id" varchar(255),
	"sign_name" varchar(64),
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
CREATE TABLE "base_area" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"en_code" varchar(64) NOT NULL,
	"full_name" varchar(100) NOT NULL,
	"quick_query" varchar(100),
	"type" integer DEFAULT 3 NOT NULL,
	"description" varchar(500),
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_common_fields" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"field_name" varchar(100) NOT NULL,
	"field" varchar(64) NOT NULL,
	"data_type" varchar(32) NOT NULL,
	"data_length" varchar(16),
	"allow_null" integer DEFAULT 1 NOT NULL,
	"description" varchar(500),
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_dictionary_data" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"dictionary_type_id" bigint NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"full_name" varchar(100) NOT NULL,
	"en_code" varchar(64) NOT NULL,
	"simple_spelling" varchar(100),
	"is_default" integer DEFAULT 0 NOT NULL,
	"description" varchar(500),
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_dictionary_type" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"full_name" varchar(100) NOT NULL,
	"en_code" varchar(64) NOT NULL,
	"is_tree" integer DEFAULT 0 NOT NULL,
	"description" varchar(500),
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_sequence" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"sequence_code" varchar(64) NOT NULL,
	"sequence_name" varchar(100) NOT NULL,
	"sequence_prefix" varchar(32) DEFAULT '' NOT NULL,
	"sequence_format" varchar(20) DEFAULT '' NOT NULL,
	"sequence_digit" integer DEFAULT 4 NOT NULL,
	"sequence_start" bigint DEFAULT 1 NOT NULL,
	"sequence_number" bigint DEFAULT 0 NOT NULL,
	"sequence_period" varchar(20) DEFAULT '' NOT NULL,
	"last_number" varchar(128),
	"sequence_remark" varchar(500),
	"sort" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idx_notice_tenant_release" ON "blade_notice" USING btree ("tenant_id","release_time");--> statement-breakpoint
CREATE INDEX "idx_attach_tenant_time" ON "blade_attach" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "idx_attach_name" ON "blade_attach" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_oss_code" ON "blade_oss" USING btree ("tenant_id","oss_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_oss_enabled" ON "blade_oss" USING btree ("tenant_id") WHERE status = 2 and is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_sms_code" ON "blade_sms" USING btree ("tenant_id","sms_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_sms_enabled" ON "blade_sms" USING btree ("tenant_id") WHERE status = 2 and is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_area_parent" ON "base_area" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_area_code" ON "base_area" USING btree ("tenant_id","en_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_common_fields_field" ON "base_common_fields" USING btree ("tenant_id","field") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_dictionary_data_type" ON "base_dictionary_data" USING btree ("tenant_id","dictionary_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_dictionary_data_code" ON "base_dictionary_data" USING btree ("dictionary_type_id","en_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_dictionary_type_code" ON "base_dictionary_type" USING btree ("tenant_id","en_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_sequence_code" ON "blade_sequence" USING btree ("tenant_id","sequence_code") WHERE is_deleted = 0;