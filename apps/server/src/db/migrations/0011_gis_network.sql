CREATE EXTENSION IF NOT EXISTS postgis;--> statement-breakpoint
CREATE TABLE "swp_alarm_history" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"alarm_id" bigint NOT NULL,
	"action" varchar(16) NOT NULL,
	"operator_id" bigint,
	"operator_name" varchar(64),
	"action_time" timestamp with time zone NOT NULL,
	"remark" varchar(500),
	"value" double precision
);
--> statement-breakpoint
CREATE TABLE "swp_alarm_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"alarm_type" varchar(16) NOT NULL,
	"alarm_level" integer DEFAULT 1 NOT NULL,
	"source" varchar(16) NOT NULL,
	"source_key" varchar(128) NOT NULL,
	"title" varchar(255) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"device_id" bigint,
	"device_code" varchar(64),
	"device_name" varchar(100),
	"device_type" varchar(16),
	"rule_id" bigint,
	"station_id" bigint,
	"stcd" varchar(32),
	"field" varchar(32),
	"dma_code" varchar(32),
	"dma_name" varchar(100),
	"alarm_value" double precision,
	"limit_value" double precision,
	"unit" varchar(16),
	"alarm_time" timestamp with time zone NOT NULL,
	"last_time" timestamp with time zone NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"alarm_status" integer DEFAULT 0 NOT NULL,
	"close_user" bigint,
	"close_user_name" varchar(64),
	"close_time" timestamp with time zone,
	"close_reason" varchar(500),
	"x" double precision,
	"y" double precision,
	"lgtd" double precision,
	"lttd" double precision,
	"address" varchar(255),
	"detail" jsonb,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_dispatch_burst_event" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"code" varchar(32) NOT NULL,
	"title" varchar(255) NOT NULL,
	"pipe_gid" integer NOT NULL,
	"pipe_dno" varchar(32),
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"address" varchar(255),
	"dma_code" varchar(32),
	"source" varchar(16) DEFAULT 'manual' NOT NULL,
	"alarm_id" bigint,
	"occur_time" timestamp with time zone DEFAULT now() NOT NULL,
	"event_status" integer DEFAULT 0 NOT NULL,
	"valve_count" integer DEFAULT 0 NOT NULL,
	"affected_customers" integer DEFAULT 0 NOT NULL,
	"critical_count" integer DEFAULT 0 NOT NULL,
	"analysis" jsonb NOT NULL,
	"network_version" integer NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_dispatch_event_valve" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"event_id" bigint NOT NULL,
	"valve_gid" integer NOT NULL,
	"valve_dno" varchar(32) NOT NULL,
	"seq" integer NOT NULL,
	"role" varchar(8) NOT NULL,
	"for_valve_gid" integer,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"diameter" integer,
	"distance" double precision NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"closed_time" timestamp with time zone,
	"closed_by" varchar(32),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_gis_dma" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"gid" integer NOT NULL,
	"dno" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"station_code" varchar(32),
	"night_use" double precision,
	"geom" geometry(Polygon,4548) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_gis_network" (
	"tenant_id" varchar(12) PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"update_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "swp_gis_node" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"gid" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"dno" varchar(32) NOT NULL,
	"name" varchar(100),
	"elevation" double precision,
	"diameter" integer,
	"operable" integer,
	"normal_state" varchar(8),
	"subtype" varchar(16),
	"customer_count" integer,
	"critical_type" varchar(16),
	"pipe_gid" integer,
	"station_code" varchar(32),
	"dma_code" varchar(32),
	"capacity" double precision,
	"address" varchar(255),
	"geom" geometry(Point,4548) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_gis_pipe" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"gid" integer NOT NULL,
	"dno" varchar(32) NOT NULL,
	"from_node" integer NOT NULL,
	"to_node" integer NOT NULL,
	"diameter" integer NOT NULL,
	"material" varchar(32) NOT NULL,
	"install_year" integer NOT NULL,
	"length" double precision NOT NULL,
	"pressure_zone" varchar(32),
	"pipe_class" varchar(16) NOT NULL,
	"road_name" varchar(64),
	"dma_code" varchar(32),
	"geom" geometry(LineString,4548) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_gis_place" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"geom" geometry(Point,4548) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_gis_road" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(64) NOT NULL,
	"geom" geometry(LineString,4548) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swp_device_base" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"device_code" varchar(64) NOT NULL,
	"device_name" varchar(100) NOT NULL,
	"device_type" varchar(16) NOT NULL,
	"model" varchar(64),
	"manufacturer" varchar(100),
	"install_date" varchar(10),
	"station_id" bigint,
	"feature_layer" varchar(32),
	"feature_id" varchar(64),
	"dma_code" varchar(32),
	"x" double precision,
	"y" double precision,
	"lgtd" double precision,
	"lttd" double precision,
	"address" varchar(255),
	"report_num" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
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
CREATE TABLE "swp_device_rule" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"device_id" bigint NOT NULL,
	"device_code" varchar(64) NOT NULL,
	"device_type" varchar(16) NOT NULL,
	"rule_name" varchar(100) NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"offline_minutes" integer,
	"alarm_level" integer DEFAULT 2 NOT NULL,
	"run_status" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"start_user" bigint,
	"stop_time" timestamp with time zone,
	"stop_user" bigint,
	"last_eval_ts" timestamp with time zone,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idx_alarm_history_alarm" ON "swp_alarm_history" USING btree ("alarm_id","action_time");--> statement-breakpoint
CREATE INDEX "idx_alarm_info_tenant_time" ON "swp_alarm_info" USING btree ("tenant_id","alarm_time");--> statement-breakpoint
CREATE INDEX "idx_alarm_info_open" ON "swp_alarm_info" USING btree ("tenant_id","source_key") WHERE alarm_status = 0 and is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_dispatch_burst_code" ON "swp_dispatch_burst_event" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "idx_dispatch_burst_time" ON "swp_dispatch_burst_event" USING btree ("tenant_id","occur_time");--> statement-breakpoint
CREATE INDEX "idx_dispatch_valve_event" ON "swp_dispatch_event_valve" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_dispatch_valve" ON "swp_dispatch_event_valve" USING btree ("event_id","role","valve_gid","for_valve_gid");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_gis_dma_gid" ON "swp_gis_dma" USING btree ("tenant_id","gid");--> statement-breakpoint
CREATE INDEX "idx_gis_dma_geom" ON "swp_gis_dma" USING gist ("geom");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_gis_node_gid" ON "swp_gis_node" USING btree ("tenant_id","gid");--> statement-breakpoint
CREATE INDEX "idx_gis_node_kind" ON "swp_gis_node" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE INDEX "idx_gis_node_dno" ON "swp_gis_node" USING btree ("tenant_id","dno");--> statement-breakpoint
CREATE INDEX "idx_gis_node_pipe" ON "swp_gis_node" USING btree ("tenant_id","pipe_gid");--> statement-breakpoint
CREATE INDEX "idx_gis_node_geom" ON "swp_gis_node" USING gist ("geom");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_gis_pipe_gid" ON "swp_gis_pipe" USING btree ("tenant_id","gid");--> statement-breakpoint
CREATE INDEX "idx_gis_pipe_dno" ON "swp_gis_pipe" USING btree ("tenant_id","dno");--> statement-breakpoint
CREATE INDEX "idx_gis_pipe_geom" ON "swp_gis_pipe" USING gist ("geom");--> statement-breakpoint
CREATE INDEX "idx_gis_place_geom" ON "swp_gis_place" USING gist ("geom");--> statement-breakpoint
CREATE INDEX "idx_gis_road_geom" ON "swp_gis_road" USING gist ("geom");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_device_base_code" ON "swp_device_base" USING btree ("tenant_id","device_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_device_base_type" ON "swp_device_base" USING btree ("tenant_id","device_type");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_device_rule_device" ON "swp_device_rule" USING btree ("device_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "idx_device_rule_running" ON "swp_device_rule" USING btree ("run_status");