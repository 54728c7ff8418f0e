/**
 * What the phone calls: my tasks, a task with its objects, the network around it, and check-in (with a hazard or
 * not) carrying the app's idempotency key and GPS position. Start and finish are patrol's own calls
 * (`patrol-task/start`, `finish`), which already hold the caller to their own tasks.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../core/envelope.ts';
import { byMenu, signedIn, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInputFirst } from '../../core/parse-input.ts';
import { networkNear } from '../gis/index.ts';
import { CHECK_BODY, checkIn, myTaskDetail, myTasks, taskDetail } from '../patrol/index.ts';
import { B, tenantOf } from './common.ts';
import { chosenLayers } from './layers.ts';
import { settingsOf } from './settings.ts';

const idQuery = z.object({
  id: z.string({ error: '缺少必要的请求参数: id' }).regex(/^\d{1,20}$/, '任务编号格式不正确'),
});

export function fieldRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${B}/task/mine`, signedIn, async (req) => ok(await myTasks(ctx, tenantOf(req), userOf(req).userId)));

  app.get(`${B}/task/detail`, signedIn, async (req) => {
    const { id } = parseInputFirst(idQuery, req.query);
    return ok(await myTaskDetail(ctx, tenantOf(req), userOf(req).userId, id));
  });

  // the pipes and valves (those of the chosen layers) within 150 m of the task's objects, for the task's map (kept by the app for offline use)
  app.get(`${B}/task/network`, signedIn, async (req) => {
    const { id } = parseInputFirst(idQuery, req.query);
    const tenantId = tenantOf(req);
    const task = await myTaskDetail(ctx, tenantId, userOf(req).userId, id);
    const pts = (task?.objects ?? []).filter((o: any) => o.x != null && o.y != null);
    if (!pts.length) return ok({ pipes: [], valves: [] });
    const xs = pts.map((o: any) => Number(o.x));
    const ys = pts.map((o: any) => Number(o.y));
    const net = await networkNear(ctx, tenantId, {
      xmin: Math.min(...xs),
      ymin: Math.min(...ys),
      xmax: Math.max(...xs),
      ymax: Math.max(...ys),
    });
    // only the layers the administrator chose for the app (layers.ts)
    const keys = chosenLayers((await settingsOf(ctx, tenantId)).gisLayers);
    return ok({ pipes: keys.has('pipe') ? net.pipes : [], valves: keys.has('valve') ? net.valves : [] });
  });

  // a check-in from the app: the same rules as the console's, plus the client id (a resend returns the first
  // outcome, `duplicate: true`) and the distance to the object, flagged `far` beyond the tenant's radius
  app.post(`${B}/check-in`, byMenu('patrol_task_check'), async (req) => {
    const c = parseInputFirst(
      CHECK_BODY.refine((b) => !!b.clientId, '缺少客户端编号 clientId'),
      req.body,
    );
    const tenantId = tenantOf(req);
    const u = userOf(req);
    const { checkinRadius } = await settingsOf(ctx, tenantId);
    const outcome = await checkIn(ctx, u, tenantId, c, req.log, checkinRadius);
    return ok({ ...outcome, radius: checkinRadius, task: await taskDetail(ctx, tenantId, outcome.taskId) });
  });
}
