CREATE TABLE "swp_app_action" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"ref" varchar(100) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uk_app_action_client" ON "swp_app_action" USING btree ("tenant_id","client_id");