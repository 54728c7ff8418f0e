ALTER TABLE "swp_gis_pipe" ALTER COLUMN "install_year" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "swp_gis_network" ADD COLUMN "model" jsonb;--> statement-breakpoint
ALTER TABLE "swp_gis_network" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "swp_gis_node" ADD COLUMN "hydraulic" jsonb;--> statement-breakpoint
ALTER TABLE "swp_gis_node" ADD COLUMN "sig" varchar(40);--> statement-breakpoint
ALTER TABLE "swp_gis_pipe" ADD COLUMN "hydraulic" jsonb;--> statement-breakpoint
ALTER TABLE "swp_gis_pipe" ADD COLUMN "sig" varchar(40);