ALTER TABLE "blade_auth_session" ADD COLUMN "lock_hash" varchar(255);--> statement-breakpoint
ALTER TABLE "lc_module" ADD COLUMN "en_name" varchar(100);