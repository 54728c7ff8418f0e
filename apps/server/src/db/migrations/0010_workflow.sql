CREATE TABLE "wf_activity" (
	"id" bigint PRIMARY KEY NOT NULL,
	"instance_id" bigint NOT NULL,
	"execution_id" bigint,
	"activity_id" varchar(128) NOT NULL,
	"activity_name" varchar(128),
	"activity_type" varchar(32) NOT NULL,
	"task_id" bigint,
	"assignee" bigint,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"seq" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_button" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"button_key" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"display" boolean DEFAULT true NOT NULL,
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
CREATE TABLE "wf_category" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"name" varchar(64) NOT NULL,
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
CREATE TABLE "wf_comment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"instance_id" bigint NOT NULL,
	"task_id" bigint,
	"user_id" bigint,
	"type" varchar(32) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_condition" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"category_id" bigint,
	"name" varchar(128) NOT NULL,
	"expression" varchar(1000) NOT NULL,
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
CREATE TABLE "wf_copy" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint NOT NULL,
	"title" varchar(255),
	"initiator" bigint,
	"task_id" bigint,
	"process_id" bigint NOT NULL,
	"form_key" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_definition" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"deployment_id" bigint NOT NULL,
	"process_key" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"version" integer NOT NULL,
	"category_id" bigint,
	"model_id" bigint,
	"form_key" varchar(64),
	"description" varchar(500),
	"icon" varchar(500),
	"xml" text NOT NULL,
	"graph" jsonb NOT NULL,
	"resource_name" varchar(255),
	"deploy_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_draft" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint NOT NULL,
	"process_def_id" bigint,
	"process_key" varchar(64),
	"task_id" bigint,
	"title" varchar(255),
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_execution" (
	"id" bigint PRIMARY KEY NOT NULL,
	"instance_id" bigint NOT NULL,
	"parent_id" bigint,
	"activity_id" varchar(128) NOT NULL,
	"is_mi_root" boolean DEFAULT false NOT NULL,
	"loop_counter" integer,
	"waiting" boolean DEFAULT false NOT NULL,
	"via_flow" varchar(128),
	"vars" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_form" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"form_key" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"category_id" bigint,
	"content" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
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
CREATE TABLE "wf_form_default" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(64) NOT NULL,
	"field_type" varchar(32) DEFAULT 'input' NOT NULL,
	"content" varchar(500) NOT NULL,
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
CREATE TABLE "wf_form_history" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"form_id" bigint NOT NULL,
	"form_key" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"content" jsonb,
	"version" integer NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_instance" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"definition_id" bigint NOT NULL,
	"process_key" varchar(64) NOT NULL,
	"process_name" varchar(128) NOT NULL,
	"title" varchar(255),
	"business_key" varchar(128),
	"starter_id" bigint NOT NULL,
	"state" varchar(16) DEFAULT 'running' NOT NULL,
	"vars" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"delete_reason" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "wf_leave" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"leave_type" integer DEFAULT 1 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"days" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"task_user" bigint,
	"apply_time" timestamp with time zone DEFAULT now(),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_model" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"model_key" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"category_id" bigint,
	"description" varchar(500),
	"icon" varchar(500),
	"xml" text,
	"version" integer DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_model_history" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"model_id" bigint NOT NULL,
	"model_key" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"description" varchar(500),
	"xml" text,
	"version" integer NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_model_scope" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"model_id" bigint NOT NULL,
	"scope_type" varchar(16) NOT NULL,
	"val" text DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_proxy" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint NOT NULL,
	"proxy_user_id" bigint NOT NULL,
	"process_def_key" varchar(64),
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
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
CREATE TABLE "wf_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"instance_id" bigint NOT NULL,
	"execution_id" bigint NOT NULL,
	"definition_id" bigint NOT NULL,
	"task_def_key" varchar(128) NOT NULL,
	"name" varchar(128) NOT NULL,
	"owner" bigint,
	"assignee" bigint,
	"delegation" varchar(16),
	"suspended" boolean DEFAULT false NOT NULL,
	"form_key" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_time" timestamp with time zone,
	"due_date" timestamp with time zone,
	"end_time" timestamp with time zone,
	"delete_reason" varchar(32),
	"finished_by" bigint
);
--> statement-breakpoint
CREATE TABLE "wf_task_candidate" (
	"id" bigint PRIMARY KEY NOT NULL,
	"task_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(8) DEFAULT 'user' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_timer" (
	"id" bigint PRIMARY KEY NOT NULL,
	"instance_id" bigint NOT NULL,
	"execution_id" bigint NOT NULL,
	"task_id" bigint,
	"activity_id" varchar(128) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"repeat_left" integer DEFAULT 0 NOT NULL,
	"interval_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idx_wf_activity_instance" ON "wf_activity" USING btree ("instance_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_wf_button_key" ON "wf_button" USING btree ("tenant_id","button_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_wf_category_tenant" ON "wf_category" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "idx_wf_comment_instance" ON "wf_comment" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "idx_wf_copy_user" ON "wf_copy" USING btree ("tenant_id","user_id","create_time");--> statement-breakpoint
CREATE INDEX "idx_wf_copy_process" ON "wf_copy" USING btree ("process_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_wf_definition_key_version" ON "wf_definition" USING btree ("tenant_id","process_key","version");--> statement-breakpoint
CREATE INDEX "idx_wf_definition_deployment" ON "wf_definition" USING btree ("deployment_id");--> statement-breakpoint
CREATE INDEX "idx_wf_draft_user" ON "wf_draft" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "idx_wf_execution_instance" ON "wf_execution" USING btree ("instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_wf_form_key" ON "wf_form" USING btree ("tenant_id","form_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_wf_form_history_form" ON "wf_form_history" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "idx_wf_instance_starter" ON "wf_instance" USING btree ("tenant_id","starter_id","start_time");--> statement-breakpoint
CREATE INDEX "idx_wf_instance_state" ON "wf_instance" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE INDEX "idx_wf_leave_instance" ON "wf_leave" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_wf_model_key" ON "wf_model" USING btree ("tenant_id","model_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_wf_model_history_model" ON "wf_model_history" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "idx_wf_model_scope_model" ON "wf_model_scope" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "idx_wf_proxy_user" ON "wf_proxy" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "idx_wf_task_todo" ON "wf_task" USING btree ("tenant_id","assignee","create_time") WHERE end_time is null;--> statement-breakpoint
CREATE INDEX "idx_wf_task_instance" ON "wf_task" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "idx_wf_task_done" ON "wf_task" USING btree ("tenant_id","finished_by","end_time") WHERE end_time is not null;--> statement-breakpoint
CREATE INDEX "idx_wf_task_candidate_user" ON "wf_task_candidate" USING btree ("user_id","task_id");--> statement-breakpoint
CREATE INDEX "idx_wf_task_candidate_task" ON "wf_task_candidate" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "idx_wf_timer_due" ON "wf_timer" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "idx_wf_timer_instance" ON "wf_timer" USING btree ("instance_id");