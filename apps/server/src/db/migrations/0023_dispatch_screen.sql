CREATE TABLE "swp_dispatch_layout" (
	"tenant_id" varchar(12) PRIMARY KEY NOT NULL,
	"positions" jsonb NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "swp_dispatch_order" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"code" varchar(32) NOT NULL,
	"station_id" bigint NOT NULL,
	"stcd" varchar(32) NOT NULL,
	"stnm" varchar(100) NOT NULL,
	"action" varchar(32) NOT NULL,
	"pump_no" integer,
	"target" double precision,
	"unit" varchar(16),
	"content" varchar(500),
	"state" varchar(16) NOT NULL,
	"process_instance_id" bigint,
	"issued_by" bigint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"ack_minutes" integer NOT NULL,
	"ack_by" bigint,
	"ack_at" timestamp with time zone,
	"done_by" bigint,
	"done_at" timestamp with time zone,
	"result" varchar(500),
	"escalated_at" timestamp with time zone,
	"alarm_id" bigint,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_dispatch_order_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"order_id" bigint NOT NULL,
	"step" varchar(16) NOT NULL,
	"user_id" bigint,
	"user_name" varchar(100),
	"at" timestamp with time zone NOT NULL,
	"note" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "swp_screen_token" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"screen_code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"prefix" varchar(8) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uk_dispatch_order_code" ON "swp_dispatch_order" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "idx_dispatch_order_state" ON "swp_dispatch_order" USING btree ("tenant_id","state","issued_at");--> statement-breakpoint
CREATE INDEX "idx_dispatch_order_log" ON "swp_dispatch_order_log" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_screen_token_hash" ON "swp_screen_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "idx_screen_token_tenant" ON "swp_screen_token" USING btree ("tenant_id");