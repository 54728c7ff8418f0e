ALTER TABLE "swp_dispatch_burst_event" ADD COLUMN "void_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "swp_dispatch_burst_event" ADD COLUMN "void_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "swp_dispatch_burst_event" ADD COLUMN "void_user" bigint;