CREATE TABLE "swp_iot_credential" (
	"device_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"device_code" varchar(64) NOT NULL,
	"secret_hash" varchar(255) NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" bigint
);
--> statement-breakpoint
CREATE TABLE "swp_iot_device_stat" (
	"tenant_id" varchar(12) NOT NULL,
	"device_code" varchar(64) NOT NULL,
	"last_contact" timestamp with time zone,
	"last_source" varchar(8),
	"messages" bigint DEFAULT 0 NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"refusals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_refusal" varchar(255),
	"last_refusal_at" timestamp with time zone,
	CONSTRAINT "swp_iot_device_stat_tenant_id_device_code_pk" PRIMARY KEY("tenant_id","device_code")
);
--> statement-breakpoint
ALTER TABLE "swp_monitor_station" ADD COLUMN "simulated" boolean DEFAULT true NOT NULL;