/**
 * Monitoring routes (mounted under /api and bare):
 * - POST /swp-computing/monitor/his          history query (spec 1 §3, §7.3), params in the query string or body
 * - POST /swp-computing/monitor/export-his   the same as an xlsx download
 * - GET  /swp-computing/monitor/station/page stations with latest values and state (BladeX paging and filters)
 * - GET  /swp-computing/monitor/station/detail?id=  one station as the page lists it (the resource engine)
 * - POST /swp-computing/monitor/station/simulation  { id, simulated }: the simulator feeds the station or not
 * - GET  /swp-computing/monitor/dict         monitor types, fields, station types, windows, states
 */

import type { FastifyInstance } from 'fastify';
import { attachment } from '../../core/attachment.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { exportFileName, historyWorkbook } from './export.ts';
import { FIELDS, MAX_POINTS, MONITOR_TYPE_DEFS, STATION_TYPES, THRESHOLDS, WINDOW_CODES } from './fields.ts';
import { seriesImportRoutes } from './import-routes.ts';
import { mergeParams, parseHistoryQuery } from './request.ts';
import { history, STATES, setSimulated, stationPage } from './service.ts';
import { stationResource } from './station-resource.ts';

const BASE = '/swp-computing/monitor';

export function monitorRoutes(app: FastifyInstance, ctx: AppContext) {
  seriesImportRoutes(app, ctx);
  app.post(`${BASE}/his`, byMenu('monitor_station'), async (req) => {
    const q = parseHistoryQuery(mergeParams(req.query, req.body));
    return ok(await history(ctx, req.tenantId, q));
  });

  app.post(`${BASE}/export-his`, byMenu('monitor_station_export'), async (req, reply) => {
    const q = parseHistoryQuery(mergeParams(req.query, req.body));
    const data = await history(ctx, req.tenantId, q);
    const name = exportFileName(q.fileName);
    attachment(reply, name);
    return reply.send(historyWorkbook(data));
  });

  app.get(`${BASE}/station/page`, byMenu('monitor_station'), async (req) =>
    ok(await stationPage(ctx, req.tenantId, req.query as Record<string, unknown>)),
  );

  // detail (the resource engine)
  stationResource.routes(app, ctx);

  app.post(`${BASE}/station/simulation`, byMenu('monitor_station_simulate'), async (req) => {
    const p = mergeParams(req.query, req.body) as Record<string, unknown>;
    const id = String(p.id ?? '');
    if (!/^\d{1,19}$/.test(id)) throw badRequest('参数校验失败: id 必须是数字编号');
    const v = String(p.simulated ?? '');
    if (!['true', 'false', '1', '0'].includes(v)) throw badRequest('参数校验失败: simulated 只能是 true 或 false');
    const on = v === 'true' || v === '1';
    return ok(await setSimulated(ctx, req.tenantId, id, on), on ? '已开启模拟' : '已关闭模拟');
  });

  app.get(`${BASE}/dict`, byMenu('monitor_station'), async () =>
    ok({
      monitorTypes: Object.values(MONITOR_TYPE_DEFS),
      fields: Object.values(FIELDS).map(({ field, name, nameEn, unit, monitorType, agg, decimals }) => ({
        field,
        name,
        nameEn,
        unit,
        monitorType,
        agg,
        decimals,
      })),
      stationTypes: Object.entries(STATION_TYPES).map(([code, t]) => ({ code, ...t })),
      windows: WINDOW_CODES,
      states: Object.entries(STATES).map(([code, name]) => ({ code, name })),
      thresholds: Object.entries(THRESHOLDS).map(([code, t]) => ({ code, ...t })),
      maxPoints: MAX_POINTS,
    }),
  );
}
