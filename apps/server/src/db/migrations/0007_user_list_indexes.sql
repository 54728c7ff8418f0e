-- User lists at 100k+ users per tenant (bench/users.ts):
-- the page's default order (create_time desc, id desc) inside one tenant, read in index order with a LIMIT;
CREATE INDEX IF NOT EXISTS "idx_user_tenant_time" ON "blade_user" USING btree ("tenant_id", "create_time" DESC, "id" DESC);--> statement-breakpoint
-- the department-subtree filter (`deptId`): dept_id is comma-joined, matched as an array overlap (&&).
CREATE INDEX IF NOT EXISTS "idx_user_dept_ids" ON "blade_user" USING gin (string_to_array("dept_id", ','));--> statement-breakpoint
-- role and post relations (grant, UserRelation, "in use" checks before removing a role or a post).
CREATE INDEX IF NOT EXISTS "idx_user_role_ids" ON "blade_user" USING gin (string_to_array("role_id", ','));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "idx_user_post_ids" ON "blade_user" USING gin (string_to_array("post_id", ','));
