CREATE TABLE "blade_message_config" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"config_code" varchar(64) NOT NULL,
	"config_name" varchar(100) NOT NULL,
	"message_type" integer DEFAULT 1 NOT NULL,
	"template_code" varchar(64) NOT NULL,
	"channel" varchar(16) DEFAULT 'site' NOT NULL,
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
CREATE TABLE "blade_message_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"message_type" integer DEFAULT 1 NOT NULL,
	"channel" varchar(16) DEFAULT 'site' NOT NULL,
	"template_code" varchar(64),
	"title" varchar(255),
	"content" text,
	"sender" varchar(64),
	"sender_id" bigint,
	"receivers" text DEFAULT '' NOT NULL,
	"receiver_count" integer DEFAULT 0 NOT NULL,
	"biz_type" varchar(64),
	"biz_id" varchar(64),
	"send_time" timestamp with time zone DEFAULT now() NOT NULL,
	"send_status" integer DEFAULT 1 NOT NULL,
	"error_msg" varchar(1000),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_message_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"log_id" bigint,
	"user_id" bigint NOT NULL,
	"message_type" integer DEFAULT 1 NOT NULL,
	"message_status" varchar(16) DEFAULT 'UN_READABLE' NOT NULL,
	"title" varchar(255) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"send_time" timestamp with time zone DEFAULT now() NOT NULL,
	"sender" varchar(64),
	"sender_id" bigint,
	"biz_type" varchar(64),
	"biz_id" varchar(64),
	"read_time" timestamp with time zone,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_message_template" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"template_code" varchar(64) NOT NULL,
	"template_name" varchar(100) NOT NULL,
	"message_type" integer DEFAULT 1 NOT NULL,
	"channel" varchar(16) DEFAULT 'site' NOT NULL,
	"template_title" varchar(255) NOT NULL,
	"template_content" text NOT NULL,
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
CREATE TABLE "blade_log_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"service_id" varchar(32),
	"server_host" varchar(255),
	"server_ip" varchar(255),
	"env" varchar(255),
	"type" varchar(16),
	"title" varchar(255),
	"method" varchar(10),
	"request_uri" varchar(1000),
	"user_agent" varchar(1000),
	"remote_ip" varchar(255),
	"method_class" varchar(255),
	"method_name" varchar(255),
	"params" text,
	"time" integer,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_log_error" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"service_id" varchar(32),
	"server_host" varchar(255),
	"server_ip" varchar(255),
	"env" varchar(255),
	"type" varchar(16),
	"title" varchar(255),
	"method" varchar(10),
	"request_uri" varchar(1000),
	"user_agent" varchar(1000),
	"remote_ip" varchar(255),
	"method_class" varchar(255),
	"method_name" varchar(255),
	"params" text,
	"time" integer,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"stack_trace" text,
	"exception_name" varchar(255),
	"message" text,
	"line_number" integer,
	"file_name" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "blade_log_usual" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"service_id" varchar(32),
	"server_host" varchar(255),
	"server_ip" varchar(255),
	"env" varchar(255),
	"type" varchar(16),
	"title" varchar(255),
	"method" varchar(10),
	"request_uri" varchar(1000),
	"user_agent" varchar(1000),
	"remote_ip" varchar(255),
	"method_class" varchar(255),
	"method_name" varchar(255),
	"params" text,
	"time" integer,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"log_level" varchar(10) DEFAULT 'info' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uk_message_config_code" ON "blade_message_config" USING btree ("tenant_id","config_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_message_log_tenant_time" ON "blade_message_log" USING btree ("tenant_id","send_time");--> statement-breakpoint
CREATE INDEX "idx_message_record_box" ON "blade_message_record" USING btree ("tenant_id","user_id","message_status","message_type") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_message_record_send_time" ON "blade_message_record" USING btree ("user_id","send_time");--> statement-breakpoint
CREATE INDEX "idx_message_record_log" ON "blade_message_record" USING btree ("log_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_message_template_code" ON "blade_message_template" USING btree ("tenant_id","template_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_log_api_tenant_time" ON "blade_log_api" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "idx_log_error_tenant_time" ON "blade_log_error" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "idx_log_usual_tenant_time" ON "blade_log_usual" USING btree ("tenant_id","create_time");