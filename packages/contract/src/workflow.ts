/** Workflow answers both sides read (apps/server/src/modules/workflow, the field app's repairs). */

/** A task the signed-in user holds or may claim in one process, with the process's steps for a progress bar. */
export interface MyProcessTask {
  taskId: string;
  instanceId: string;
  processKey: string;
  processName: string;
  title: string | null;
  taskDefKey: string;
  taskName: string;
  createTime: Date;
  dueDate: Date | null;
  claimed: boolean;
  vars: Record<string, unknown>;
  steps: { key: string; name: string }[];
  /** 1-based position of this task's step among the steps */
  stepNo: number;
}
