/**
 * Laboratory results against the limits: each result is judged with the limit of its indicator at its point's
 * kind (after converting the value to the limit's unit); an out-of-limit result raises one alarm in the alarm
 * centre (per sample and indicator) once the write committed; a result naming a task completes it.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import type { Row, Tx } from '../../core/resource.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { formatDateTime } from '../../core/time.ts';
import { raiseAlarm } from '../alarm/index.ts';
import { convertUnit, limitFor, limitText, meets } from './limits.ts';
import { qualityIndicator, qualityPoint, qualityResult, qualityTask } from './schema.ts';

type Q = Pick<Tx, 'select' | 'update'>;

export async function limitsOf(db: Q, tenantId: string) {
  return db.select().from(qualityIndicator).where(liveInTenant(qualityIndicator, tenantId));
}
export async function pointsOf(db: Q, tenantId: string) {
  return db.select().from(qualityPoint).where(liveInTenant(qualityPoint, tenantId));
}

/**
 * The judged fields of result rows (`pointCode, indicatorCode, value, unit?`): names, value in the limit's unit,
 * the limit's text and compliance. Refuses unknown points and indicators, and units that do not convert. A row
 * naming a task must name a task of the same point, which is then done.
 */
export async function judgeRows(tx: Q, tenantId: string, rows: Row[]) {
  const limits = await limitsOf(tx, tenantId);
  const points = new Map((await pointsOf(tx, tenantId)).map((p) => [p.code, p]));
  const out: Row[] = [];
  for (const r of rows) {
    const point = points.get(r.pointCode);
    if (!point) throw badRequest(`采样点位 ${r.pointCode} 不存在`);
    const limit = limitFor(limits, r.indicatorCode, point.pointKind);
    if (!limit) throw badRequest(`指标 ${r.indicatorCode} 不存在或未设限值`);
    const value = convertUnit(Number(r.value), r.unit, limit.unit);
    if (value === undefined) throw badRequest(`${limit.name} 的单位 ${r.unit} 无法换算为 ${limit.unit}`);
    out.push({
      pointName: point.name,
      indicatorName: limit.name,
      unit: limit.unit,
      value,
      limitText: limitText(limit),
      compliant: meets(limit, value),
    });
  }
  const taskIds = [...new Set(rows.map((r) => r.taskId).filter((t): t is string => !!t))];
  if (taskIds.length) {
    const tasks = await tx
      .select()
      .from(qualityTask)
      .where(inTenant(qualityTask, tenantId, inArray(qualityTask.id, taskIds)));
    for (const r of rows) {
      if (!r.taskId) continue;
      const t = tasks.find((x) => x.id === r.taskId);
      if (!t || t.pointCode !== r.pointCode) throw badRequest(`采样任务 ${r.taskId} 不存在或不是该点位的任务`);
    }
    await tx
      .update(qualityTask)
      .set({ state: 'done', doneTime: new Date(), sampleCode: rows[0].sampleCode })
      .where(inTenant(qualityTask, tenantId, inArray(qualityTask.id, taskIds), eq(qualityTask.state, 'pending')));
  }
  return out;
}

/** One alarm per out-of-limit result that has none yet (a re-save does not raise it twice). */
export async function resultAlarms(ctx: AppContext, tenantId: string, rows: Row[]) {
  for (const r of rows) {
    if (r.compliant || r.alarmId) continue;
    const at = r.sampledAt instanceof Date ? r.sampledAt : new Date(r.sampledAt);
    const raised = await raiseAlarm(ctx, {
      tenantId,
      alarmType: 'threshold',
      alarmLevel: 2,
      source: 'detector',
      sourceKey: `quality-lab:${r.sampleCode}:${r.indicatorCode}`,
      title: `${r.pointName ?? r.pointCode}水样${r.indicatorName ?? r.indicatorCode}不合格`,
      content: `样品 ${r.sampleCode}（${r.pointName ?? r.pointCode}，${formatDateTime(at)} 采样）${r.indicatorName} 检测值 ${r.value}${r.unit ?? ''}，限值 ${r.limitText}（GB 5749-2022）。`,
      at,
      field: r.indicatorCode,
      alarmValue: r.value,
      unit: r.unit ?? null,
      detail: { method: 'qualityLab', sampleCode: r.sampleCode, indicatorCode: r.indicatorCode, resultId: r.id },
    });
    if (raised)
      await ctx.db
        .update(qualityResult)
        .set({ alarmId: raised.id })
        .where(and(eq(qualityResult.id, r.id), isNull(qualityResult.alarmId)));
  }
}
