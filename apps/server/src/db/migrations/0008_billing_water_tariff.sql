CREATE TABLE "swp_water_tariff" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"category" integer NOT NULL,
	"tier" integer DEFAULT 1 NOT NULL,
	"volume_from" integer DEFAULT 0 NOT NULL,
	"volume_to" integer,
	"base_price" numeric(6, 2) NOT NULL,
	"sewage_fee" numeric(6, 2) NOT NULL,
	"resource_fee" numeric(6, 2) NOT NULL,
	"total_price" numeric(7, 2) NOT NULL,
	"effective_date" date NOT NULL,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uk_water_tariff_step" ON "swp_water_tariff" USING btree ("tenant_id","category","tier","effective_date") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_water_tariff_tenant" ON "swp_water_tariff" USING btree ("tenant_id","category");