CREATE TABLE "swp_app_device" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"device_id" varchar(64) NOT NULL,
	"user_id" bigint NOT NULL,
	"session_id" varchar(64),
	"app_version" varchar(32),
	"user_agent" varchar(255),
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked" integer DEFAULT 0 NOT NULL,
	"revoke_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "swp_app_photo" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"user_id" bigint NOT NULL,
	"mime" varchar(32) NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_app_release_note" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"version" varchar(32) NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"release_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_app_setting" (
	"tenant_id" varchar(12) PRIMARY KEY NOT NULL,
	"position_interval" integer DEFAULT 30 NOT NULL,
	"checkin_radius" integer DEFAULT 100 NOT NULL,
	"photo_max_kb" integer DEFAULT 4096 NOT NULL,
	"strip_exif_gps" integer DEFAULT 1 NOT NULL,
	"gis_layers" varchar(500) DEFAULT '' NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
ALTER TABLE "swp_patrol_task_object" ADD COLUMN "client_id" varchar(64);--> statement-breakpoint
ALTER TABLE "swp_patrol_task_object" ADD COLUMN "check_lon" double precision;--> statement-breakpoint
ALTER TABLE "swp_patrol_task_object" ADD COLUMN "check_lat" double precision;--> statement-breakpoint
ALTER TABLE "swp_patrol_task_object" ADD COLUMN "check_distance" double precision;--> statement-breakpoint
ALTER TABLE "swp_patrol_task_object" ADD COLUMN "check_far" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_app_device" ON "swp_app_device" USING btree ("tenant_id","device_id");--> statement-breakpoint
CREATE INDEX "idx_app_device_seen" ON "swp_app_device" USING btree ("tenant_id","last_seen");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_app_photo_client" ON "swp_app_photo" USING btree ("tenant_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_app_release_note" ON "swp_app_release_note" USING btree ("tenant_id","version") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_patrol_task_object_client" ON "swp_patrol_task_object" USING btree ("tenant_id","client_id");