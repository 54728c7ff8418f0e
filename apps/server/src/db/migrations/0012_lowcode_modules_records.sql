CREATE TABLE "lc_module" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"full_name" varchar(100) NOT NULL,
	"en_code" varchar(64) NOT NULL,
	"category" varchar(64),
	"type" integer DEFAULT 1 NOT NULL,
	"description" varchar(500),
	"sort_code" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"form_data" jsonb,
	"column_data" jsonb,
	"app_column_data" jsonb,
	"menu_id" bigint,
	"indexed_fields" jsonb,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lc_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"module_id" bigint NOT NULL,
	"data" jsonb NOT NULL,
	"parent_id" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uk_lc_module_code" ON "lc_module" USING btree ("tenant_id","en_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_lc_module_tenant" ON "lc_module" USING btree ("tenant_id","category");--> statement-breakpoint
CREATE INDEX "idx_lc_record_module" ON "lc_record" USING btree ("module_id","tenant_id","create_time") WHERE is_deleted = 0;