/**
 * Sampling tasks from the street (the field app, issue 22): a sampler's tasks for *Today*, and a task done on the
 * phone, either marked sampled (the sample goes to the laboratory under its sample code) or with the results
 * measured on site, judged against the limits exactly as the console's result entry judges them.
 */
import { eq, sql } from 'drizzle-orm';
import { ApiError, badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant, tenantSql, tenantText } from '../../core/scoped.ts';
import { judgeRows, resultAlarms } from './results.ts';
import { qualityResult, qualityTask } from './schema.ts';

export const SAMPLING_MSG = {
  notFound: '采样任务不存在',
  notYours: '只能办理分派给自己的采样任务',
  done: '采样任务已完成',
  indicator: (c: string) => `指标 ${c} 不是该采样任务的检测指标`,
  taken: '该样品编号已有检测结果，请换一个样品编号',
} as const;

/** Pending tasks due from two days ago on, and those done in the last day (today's progress). */
export async function mySamplingTasks(ctx: Pick<AppContext, 'database'>, tenantId: string, userId: string) {
  const r = await ctx.database.pool.query(
    `select id::text, plan_name as "planName", point_code as "pointCode", point_name as "pointName",
            indicator_codes as "indicatorCodes", due_date::text as "dueDate", state, sample_code as "sampleCode",
            done_time as "doneTime"
       from swp_quality_task
      where ${tenantText(qualityTask, '$1')} and is_deleted = 0 and assignee = $2::bigint
        and ((state = 'pending' and due_date >= current_date - 2) or (state = 'done' and done_time > now() - interval '1 day'))
      order by (state = 'done'), due_date, point_code limit 200`,
    [tenantId, userId],
  );
  return r.rows;
}

export interface SampledInput {
  sampleCode: string;
  sampledAt: Date;
  results: { indicatorCode: string; value: number; unit?: string }[];
}

/**
 * Completes one of the caller's sampling tasks. A resend with the same sample code returns `duplicate: true`;
 * a task already done under another code is a 409.
 */
export async function markSampled(
  ctx: AppContext,
  tenantId: string,
  userId: string,
  taskId: string,
  inp: SampledInput,
): Promise<{ duplicate: boolean; results: number; failed: number }> {
  const saved = await ctx.db.transaction(async (tx) => {
    const [t] = await tx
      .select()
      .from(qualityTask)
      .where(liveInTenant(qualityTask, tenantId, eq(qualityTask.id, taskId)))
      .for('update');
    if (!t) throw badRequest(SAMPLING_MSG.notFound);
    if (t.assignee !== userId) throw badRequest(SAMPLING_MSG.notYours);
    if (t.state === 'done') {
      if (t.sampleCode === inp.sampleCode) return null;
      throw new ApiError(409, 409, SAMPLING_MSG.done);
    }
    for (const r of inp.results)
      if (!t.indicatorCodes.includes(r.indicatorCode)) throw badRequest(SAMPLING_MSG.indicator(r.indicatorCode));
    if (!inp.results.length) {
      await tx
        .update(qualityTask)
        .set({ state: 'done', doneTime: new Date(), sampleCode: inp.sampleCode, updateUser: userId })
        .where(eq(qualityTask.id, t.id));
      return [];
    }
    const taken = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from swp_quality_result where ${tenantSql(qualityResult, tenantId)} and sample_code = ${inp.sampleCode} and is_deleted = 0`,
    );
    if (taken.rows[0].n) throw new ApiError(409, 409, SAMPLING_MSG.taken);
    const rows = inp.results.map((r) => ({
      sampleCode: inp.sampleCode,
      pointCode: t.pointCode,
      sampledAt: inp.sampledAt,
      indicatorCode: r.indicatorCode,
      value: r.value,
      unit: r.unit ?? null,
      taskId: t.id,
    }));
    // judging a row that names the task also marks the task done (results.ts)
    const judged = await judgeRows(tx, tenantId, rows);
    return tx
      .insert(qualityResult)
      .values(
        rows.map((r, i) => ({
          ...r,
          ...judged[i],
          tenantId,
          createUser: userId,
          updateUser: userId,
        })) as (typeof qualityResult.$inferInsert)[],
      )
      .returning();
  });
  if (saved === null) return { duplicate: true, results: 0, failed: 0 };
  // out-of-limit results raise their alarm once the write committed, as the console's entry does
  if (saved.length) await resultAlarms(ctx, tenantId, saved);
  return { duplicate: false, results: saved.length, failed: saved.filter((r) => !r.compliant).length };
}
