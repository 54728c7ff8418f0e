/**
 * Decision support: the hydraulic model and its runs (mounted under /api and bare).
 * - GET  /swp-hydraulic/model            the current model (built when the network changed) and the stored ones;
 *                                        while a build outlasts MODEL_WAIT_MS, `current: null` and `building`
 * - GET  /swp-hydraulic/model/inp        the current model's EPANET input text
 * - GET  /swp-hydraulic/model/geometry?modelId=   node points and link paths of a model, for the map
 * - POST /swp-hydraulic/run              {modelId?, duration?, step?, scenario?, name?} → run id (queued)
 * - GET  /swp-hydraulic/run              the tenant's recent runs
 * - GET  /swp-hydraulic/run/{id}         state, progress, model id and network version, scenario summary
 * - GET  /swp-hydraulic/run/{id}/node?code=&time=   pressure (m) and head (m) at a time, or every step
 * - GET  /swp-hydraulic/run/{id}/link?code=&time=   flow (L/s) and velocity (m/s) at a time, or every step
 * - GET  /swp-hydraulic/run/{id}/snapshot?time=     every node and link at one step, for the map
 * - GET  /swp-hydraulic/run/{id}/calibration?date=   simulated against measured at the monitoring stations
 * - /swp-hydraulic/material/{list,page,detail,submit,remove}   管材糙率, the roughness table (materials.ts)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { attachment } from '../../core/attachment.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { calibrate } from './calibration.ts';
import type { SimResult } from './engine.ts';
import { geometryOf } from './geometry.ts';
import { materialResource } from './materials.ts';
import { currentModel, currentModelWithin, listModels, MODEL_WAIT_MS, modelById } from './model.ts';
import { linkSeries, nodeSeries, snapshot, stepAt } from './result.ts';
import { getRun, listRuns, resultOf, runBody, startRun } from './runs.ts';

const B = '/swp-hydraulic';
/** reading results: both screens; running: the button */
export const HYDRAULIC_READ = ['hydraulic_model', 'hydraulic_scenario'];

const timeQuery = z.coerce
  .number({ error: 'time 须为秒数' })
  .int({ error: 'time 须为整数秒' })
  .min(0, { error: 'time 不能为负' })
  .optional();
const itemQuery = z.object({
  code: z.string({ error: '缺少必要的请求参数: code' }).trim().min(1, { error: '缺少必要的请求参数: code' }).max(64),
  time: timeQuery,
});

export function hydraulicRoutes(app: FastifyInstance, ctx: AppContext) {
  materialResource.routes(app, ctx);
  app.get(`${B}/model`, byMenu(...HYDRAULIC_READ), async (req) => {
    const now = await currentModelWithin(ctx, req.tenantId, MODEL_WAIT_MS);
    const models = await listModels(ctx, req.tenantId);
    // a first build of a big network outlasts one request: the screen polls while `building` is set
    if (!now.entry) return ok({ current: null, building: now.building, demands: null, models });
    const { model, demands } = now.entry;
    return ok({ current: model, building: null, demands: demands ?? null, models });
  });

  app.get(`${B}/model/inp`, byMenu(...HYDRAULIC_READ), async (req, reply) => {
    const { inp } = await currentModel(ctx, req.tenantId);
    return attachment(reply, `model-${req.tenantId}.inp`, 'text/plain; charset=utf-8').send(inp);
  });

  app.get(`${B}/model/geometry`, byMenu(...HYDRAULIC_READ), async (req) => {
    const q = z
      .object({
        modelId: z
          .string()
          .regex(/^\d{1,19}$/, { error: 'modelId 格式不正确' })
          .optional(),
      })
      .parse(req.query);
    const { inp } = q.modelId ? await modelById(ctx, req.tenantId, q.modelId) : await currentModel(ctx, req.tenantId);
    return ok(geometryOf(inp));
  });

  app.post(`${B}/run`, byMenu('hydraulic_run'), async (req) => {
    const body = runBody.parse(req.body ?? {});
    return ok(await startRun(ctx, req.tenantId, req.user?.userId ?? null, body), '计算已提交');
  });

  app.get(`${B}/run`, byMenu(...HYDRAULIC_READ), async (req) => ok(await listRuns(ctx, req.tenantId)));

  app.get(`${B}/run/:id`, byMenu(...HYDRAULIC_READ), async (req) =>
    ok(await getRun(ctx, req.tenantId, (req.params as { id: string }).id)),
  );

  /** one node's or link's values in a run: the whole series, or the step at `time` */
  const item =
    <S>(codesOf: (r: SimResult) => string[], seriesOf: (r: SimResult, i: number) => S[], what: string) =>
    async (req: FastifyRequest) => {
      const q = itemQuery.parse(req.query);
      const r = await resultOf(ctx, req.tenantId, (req.params as { id: string }).id);
      const i = codesOf(r).indexOf(q.code);
      if (i < 0) throw badRequest(`模型中没有${what} ${q.code}`);
      const series = seriesOf(r, i);
      return ok(q.time === undefined ? { code: q.code, series } : { code: q.code, ...series[stepAt(r, q.time)] });
    };
  app.get(
    `${B}/run/:id/node`,
    byMenu(...HYDRAULIC_READ),
    item((r) => r.nodeCodes, nodeSeries, '节点'),
  );
  app.get(
    `${B}/run/:id/link`,
    byMenu(...HYDRAULIC_READ),
    item((r) => r.linkCodes, linkSeries, '管段'),
  );

  app.get(`${B}/run/:id/snapshot`, byMenu(...HYDRAULIC_READ), async (req) => {
    const q = z.object({ time: timeQuery }).parse(req.query);
    const r = await resultOf(ctx, req.tenantId, (req.params as { id: string }).id);
    return ok({ times: r.times, ...snapshot(r, stepAt(r, q.time ?? 0)) });
  });

  app.get(`${B}/run/:id/calibration`, byMenu(...HYDRAULIC_READ), async (req) => {
    const q = z
      .object({
        date: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date 须为 YYYY-MM-DD' })
          .optional(),
      })
      .parse(req.query);
    return ok(await calibrate(ctx, req.tenantId, (req.params as { id: string }).id, q.date));
  });
}
