/**
 * `/swp-dispatch/*` routes of 供水调度 (the `/swp-dispatch/wsnc-squibbing-event` and `shut-value` calls belong to gis):
 * - GET diagram: the process diagram with latest values (stale values without a number)
 * - GET layout, POST layout (administrators): saved node positions
 * - GET station/list, POST station/submit (administrators): per-station operators and pressure band
 * - GET order/list, GET order/detail?id= (with the log); POST order/issue, order/acknowledge, order/complete
 * - GET report/day?date=YYYY-MM-DD: the day's report (supply, energy per m³, plan/actual, pressure compliance), xlsx
 * - GET forecast/plan?day=0|1: the plan against the actual; GET forecast/accuracy?days=30: MAPE of past forecasts
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { attachment } from '../../core/attachment.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { adminOnly, byMenu, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInput } from '../../core/parse-input.ts';
import { diagramOf, layoutOf, saveLayout } from './diagram.ts';
import { forecastAccuracy, supplyPlan } from './forecast.ts';
import { ACTIONS, acknowledgeOrder, completeOrder, issueInput, issueOrder, listOrders, orderDetail } from './orders.ts';
import { dayReport } from './report.ts';
import { saveStationSetting, settingInput, stationSettings } from './stations.ts';

const B = '/swp-dispatch';
export const DIAGRAM_READ = ['dispatch_diagram', 'dispatch_order'];

const idBody = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  note: z.string().trim().max(500, '说明最长 500 字').optional(),
});

export function dispatchRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${B}/diagram`, byMenu(...DIAGRAM_READ), async (req) => ok(await diagramOf(ctx, req.tenantId)));
  app.get(`${B}/layout`, byMenu('dispatch_diagram'), async (req) => ok(await layoutOf(ctx, req.tenantId)));
  app.post(`${B}/layout`, adminOnly, async (req) =>
    ok(await saveLayout(ctx, req.tenantId, userOf(req).userId, req.body)),
  );

  app.get(`${B}/station/list`, byMenu('dispatch_order', 'dispatch_plan'), async (req) =>
    ok(await stationSettings(ctx, req.tenantId)),
  );
  app.post(`${B}/station/submit`, adminOnly, async (req) =>
    ok(await saveStationSetting(ctx, userOf(req), parseInput(settingInput, req.body))),
  );

  app.get(`${B}/order/actions`, byMenu('dispatch_order'), async () =>
    ok(Object.entries(ACTIONS).map(([code, a]) => ({ code, ...a }))),
  );
  app.get(`${B}/order/list`, byMenu('dispatch_order'), async (req) =>
    ok(await listOrders(ctx, req.tenantId, req.query as Record<string, unknown>)),
  );
  app.get(`${B}/order/detail`, byMenu('dispatch_order'), async (req) => {
    const q = parseInput(z.object({ id: z.string().min(1, '请指定 id') }), req.query);
    return ok(await orderDetail(ctx, req.tenantId, q.id));
  });
  app.post(`${B}/order/issue`, byMenu('dispatch_order_issue'), async (req) =>
    ok(await issueOrder(ctx, userOf(req), parseInput(issueInput, req.body))),
  );
  app.post(`${B}/order/acknowledge`, byMenu('dispatch_order_ack'), async (req) => {
    const b = parseInput(idBody, req.body);
    return ok(await acknowledgeOrder(ctx, userOf(req), b.id, b.note));
  });
  app.post(`${B}/order/complete`, byMenu('dispatch_order_ack'), async (req) => {
    const b = parseInput(idBody, req.body);
    return ok(await completeOrder(ctx, userOf(req), b.id, b.note));
  });

  app.get(`${B}/forecast/plan`, byMenu('dispatch_plan'), async (req) => {
    const q = parseInput(z.object({ day: z.coerce.number().int().min(0).max(1).default(0) }), req.query);
    return ok(await supplyPlan(ctx, req.tenantId, Date.now(), q.day));
  });
  app.get(`${B}/forecast/accuracy`, byMenu('dispatch_plan'), async (req) => {
    const q = parseInput(
      z.object({ days: z.coerce.number().int().min(1, 'days 应为 1–90').max(90, 'days 应为 1–90').default(30) }),
      req.query,
    );
    return ok(await forecastAccuracy(ctx, req.tenantId, q.days));
  });

  app.get(`${B}/report/day`, byMenu('dispatch_plan'), async (req, reply) => {
    const q = parseInput(
      z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date 格式应为 YYYY-MM-DD') }),
      req.query,
    );
    if (Number.isNaN(Date.parse(`${q.date}T00:00:00Z`)) || Date.parse(`${q.date}T00:00:00Z`) > Date.now())
      throw badRequest('date 不是有效的日期或在未来');
    const r = await dayReport(ctx, req.tenantId, q.date);
    return attachment(reply, `调度日报_${q.date}.xlsx`).send(r.buffer);
  });
}
