/** What the task operations share: their messages and the assignee check. */
import { sql } from 'drizzle-orm';
import { ApiError, badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';

export const TASK_MSG = {
  notFound: '任务不存在',
  notYours: '只能操作分派给自己的任务',
  finished: '任务已完成',
  notStarted: '任务尚未开始，请先开始任务',
  notDue: '任务周期尚未开始',
  unchecked: '还有未签到的巡检对象，不能完成任务',
  objectNotFound: '巡检对象不存在',
  checked: '该对象已签到',
  result: '签到结果应为 1（正常）或 2（隐患）',
  hazard: '发现隐患时请选择事件类型并填写隐患描述',
  eventType: '事件类型不存在',
  reassignUser: '请选择转派人员',
  reassignReason: '请填写转派原因',
  sameUser: '不能转派给当前执行人',
  unknownUser: '转派人员不存在或不属于本单位',
  notReassignable: '已完成的任务不能转派',
  clientIdReused: '客户端编号已用于另一次签到，请重新生成后再提交',
} as const;

/** A client id already saved for another object: a 409 the phone shows as a conflict (never a 500). */
export const clientIdReused = () => new ApiError(409, 409, TASK_MSG.clientIdReused);
export const isUniqueViolation = (e: unknown): boolean => {
  const x = e as { code?: string; cause?: { code?: string } };
  return x?.code === '23505' || x?.cause?.code === '23505';
};

/** The caller's active assignment on a task, or a 400. */
/** Inside the command's own transaction: on the embedded database a second connection would wait for it forever. */
export async function assertAssignee(
  tx: Pick<AppContext['db'], 'execute'>,
  taskId: string,
  userId: string,
  isAdmin: boolean,
) {
  if (isAdmin) return;
  const r = await tx.execute(
    sql`select 1 from swp_patrol_task_user where task_id = ${taskId} and user_id = ${userId} and active = 1`,
  );
  if (!r.rows.length) throw badRequest(TASK_MSG.notYours);
}
