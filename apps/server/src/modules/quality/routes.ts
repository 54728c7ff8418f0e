/**
 * `/swp-quality/*` routes:
 * - indicator/*, point/*, plan/*, result/* (resources), sampling-task/list|page|detail (generated, read only)
 * - sampling-task/my: the signed-in user's tasks (the field app reads them)
 * - plan/generate (POST {date}): the tasks due on a day
 * - online: the online stations' latest values against their limits
 * - compliance?stationCode=&indicator=&period=DAY|MONTH&date=: online compliance rates
 * - result/import (POST multipart `file`, xlsx)
 * - report?month=YYYY-MM, report/export?month= (xlsx): 水质月报
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { attachment } from '../../core/attachment.ts';
import { ok } from '../../core/envelope.ts';
import { byMenu, signedIn } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInput } from '../../core/parse-input.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { fileBytes, uploadedFile, uploadScope } from '../../core/upload.ts';
import { tenant } from '../system/index.ts';
import { importResults } from './import.ts';
import { onlineCompliance, onlineView } from './online.ts';
import { monthlyReport, reportWorkbook } from './report.ts';
import { indicatorResource, planResource, pointResource, resultResource, taskResource } from './resources.ts';
import { qualityTask } from './schema.ts';
import { generateTasks } from './tasks.ts';

const B = '/swp-quality';
const validDate = (s: string) => {
  const [y, m, d] = s.split('-').map(Number);
  const t = new Date(y, m - 1, d ?? 1);
  return t.getFullYear() === y && t.getMonth() === m - 1 && (d === undefined || t.getDate() === d);
};
const dayStr = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date 格式应为 YYYY-MM-DD')
  .refine(validDate, 'date 不是有效日期');
const monthStr = z
  .string({ message: '请指定月份 month (YYYY-MM)' })
  .regex(/^\d{4}-\d{2}$/, 'month 格式应为 YYYY-MM')
  .refine(validDate, 'month 不是有效月份');
const complianceQuery = z
  .object({
    stationCode: z.string().trim().max(32).optional(),
    indicator: z.string().trim().max(32).optional(),
    period: z.enum(['DAY', 'MONTH'], { message: 'period 只能是 DAY 或 MONTH' }).default('DAY'),
    date: z.string({ message: '请指定日期 date' }),
  })
  .superRefine((q, c) => {
    const r = (q.period === 'DAY' ? dayStr : monthStr).safeParse(q.date);
    if (!r.success)
      c.addIssue({
        code: 'custom',
        message: q.period === 'DAY' ? 'DAY 的 date 应为 YYYY-MM-DD' : 'MONTH 的 date 应为 YYYY-MM',
      });
  });

export function qualityRoutes(app: FastifyInstance, ctx: AppContext) {
  indicatorResource.routes(app, ctx);
  pointResource.routes(app, ctx);
  planResource.routes(app, ctx);
  resultResource.routes(app, ctx);

  // before the resource's `detail`, so `/my` is not read as an id
  app.get(`${B}/sampling-task/my`, signedIn, async (req) => {
    const q = parseInput(z.object({ state: z.enum(['pending', 'done']).optional() }), req.query);
    const rows = await ctx.db
      .select()
      .from(qualityTask)
      .where(
        liveInTenant(
          qualityTask,
          req.tenantId,
          eq(qualityTask.assignee, req.user?.userId ?? '0'),
          ...(q.state ? [eq(qualityTask.state, q.state)] : [inArray(qualityTask.state, ['pending', 'done'])]),
        ),
      )
      .orderBy(desc(qualityTask.dueDate), qualityTask.pointCode)
      .limit(500);
    return ok(rows);
  });
  taskResource.routes(app, ctx);

  app.post(`${B}/plan/generate`, byMenu('quality_plan_generate'), async (req) => {
    const q = parseInput(z.object({ date: dayStr }), req.body);
    const n = await generateTasks(ctx, req.tenantId, q.date);
    return ok({ created: n }, `已生成 ${n} 个采样任务`);
  });

  app.get(`${B}/online`, byMenu('quality_online', 'quality_compliance'), async (req) =>
    ok(await onlineView(ctx, req.tenantId)),
  );

  app.get(`${B}/compliance`, byMenu('quality_compliance', 'quality_online', 'quality_report'), async (req) => {
    const q = parseInput(complianceQuery, req.query);
    return ok(await onlineCompliance(ctx, req.tenantId, q));
  });

  uploadScope(app, { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 10 }, (scope) => {
    scope.post(`${B}/result/import`, byMenu('quality_result_import'), async (req: FastifyRequest) => {
      const file = await uploadedFile(req, '请以 multipart/form-data 上传 xlsx 文件 (字段 file)');
      const buf = await fileBytes(file);
      const r = await importResults(ctx, req.tenantId, buf, req.user?.userId ?? null);
      return ok(r, `导入成功: ${r.samples} 个样品 ${r.results} 项结果, 不合格 ${r.failed} 项`);
    });
  });

  app.get(`${B}/report`, byMenu('quality_report'), async (req) => {
    const q = parseInput(z.object({ month: monthStr }), req.query);
    return ok(await monthlyReport(ctx, req.tenantId, q.month));
  });
  app.get(`${B}/report/export`, byMenu('quality_report'), async (req, reply) => {
    // everything is computed before the first byte: a bad month or a failure is a JSON error, never half a file
    const q = parseInput(z.object({ month: monthStr }), req.query);
    const rep = await monthlyReport(ctx, req.tenantId, q.month);
    const [t] = await ctx.db.select({ name: tenant.tenantName }).from(tenant).where(inTenant(tenant, req.tenantId));
    const out = reportWorkbook(rep, t?.name ?? req.tenantId);
    return attachment(reply, `水质月报_${q.month}.xlsx`).send(out);
  });
}
