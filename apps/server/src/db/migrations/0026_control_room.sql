CREATE TABLE "swp_dispatch_station" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"station_id" bigint NOT NULL,
	"operator_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pressure_min" double precision,
	"pressure_max" double precision,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_screen_layout" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"screen_code" varchar(32) NOT NULL,
	"widgets" jsonb NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uk_dispatch_station" ON "swp_dispatch_station" USING btree ("tenant_id","station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_screen_layout" ON "swp_screen_layout" USING btree ("tenant_id","screen_code");