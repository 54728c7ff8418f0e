DROP INDEX "idx_wf_task_todo";--> statement-breakpoint
CREATE INDEX "idx_wf_task_todo" ON "wf_task" USING btree ("tenant_id","assignee","create_time","id") WHERE end_time is null;