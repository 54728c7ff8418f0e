CREATE TABLE "blade_auth_captcha" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"expire_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_auth_key" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_auth_login_failure" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"account" varchar(45) NOT NULL,
	"ip" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_auth_session" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint NOT NULL,
	"account" varchar(45) NOT NULL,
	"user_name" varchar(45),
	"client_id" varchar(48) NOT NULL,
	"dept_id" varchar(32) DEFAULT '' NOT NULL,
	"role_id" varchar(32) DEFAULT '' NOT NULL,
	"grant_type" varchar(32) NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(255),
	"login_time" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"refresh_time" timestamp with time zone,
	"expire_time" timestamp with time zone NOT NULL,
	"refresh_hash" varchar(64) NOT NULL,
	"revoked" integer DEFAULT 0 NOT NULL,
	"revoke_time" timestamp with time zone,
	"revoke_reason" varchar(64)
);
--> statement-breakpoint
CREATE INDEX "idx_auth_captcha_expire" ON "blade_auth_captcha" USING btree ("expire_time");--> statement-breakpoint
CREATE INDEX "idx_auth_login_failure_account" ON "blade_auth_login_failure" USING btree ("tenant_id","account","create_time");--> statement-breakpoint
CREATE INDEX "idx_auth_session_refresh" ON "blade_auth_session" USING btree ("refresh_hash");--> statement-breakpoint
CREATE INDEX "idx_auth_session_user" ON "blade_auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "idx_auth_session_alive" ON "blade_auth_session" USING btree ("revoked","expire_time");