ALTER TABLE "blade_menu" ADD COLUMN "saber_path" varchar(255);--> statement-breakpoint
ALTER TABLE "blade_menu" ADD COLUMN "saber_source" varchar(255);--> statement-breakpoint
ALTER TABLE "blade_menu" ADD COLUMN "sword_path" varchar(255);--> statement-breakpoint
ALTER TABLE "blade_menu" ADD COLUMN "sword_source" varchar(255);