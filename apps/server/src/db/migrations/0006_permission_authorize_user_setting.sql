CREATE TABLE "base_authorize" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"item_type" varchar(16) NOT NULL,
	"item_id" varchar(64) NOT NULL,
	"object_type" varchar(16) NOT NULL,
	"object_id" bigint NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user_setting" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"manager_id" bigint,
	"theme" varchar(64),
	"language" varchar(16),
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uk_authorize" ON "base_authorize" USING btree ("tenant_id","object_type","object_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "idx_authorize_item" ON "base_authorize" USING btree ("tenant_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "idx_user_setting_manager" ON "blade_user_setting" USING btree ("tenant_id","manager_id");