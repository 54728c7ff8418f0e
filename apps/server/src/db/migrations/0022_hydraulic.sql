CREATE TABLE "swp_hydraulic_model" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"network_version" integer NOT NULL,
	"hash" varchar(40) NOT NULL,
	"inp" text NOT NULL,
	"nodes" integer NOT NULL,
	"links" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "swp_hydraulic_run" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"model_id" bigint NOT NULL,
	"network_version" integer NOT NULL,
	"state" varchar(12) NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"duration" integer NOT NULL,
	"step" integer NOT NULL,
	"scenario" jsonb,
	"summary" jsonb,
	"error" text,
	"result" "bytea",
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"finish_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "idx_hydraulic_model_tenant" ON "swp_hydraulic_model" USING btree ("tenant_id","network_version");--> statement-breakpoint
CREATE INDEX "idx_hydraulic_run_tenant" ON "swp_hydraulic_run" USING btree ("tenant_id","create_time");