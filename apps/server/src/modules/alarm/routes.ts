/**
 * Alarm routes (mounted under /api and bare), spec 2 §7 "Patrol, devices, alarms":
 * - GET  /swp-alarm/alarm-info/all-alarm-info   alarms, paged, filters (alarmType, alarmStatus, alarmLevel,
 *                                               deviceType, keyword, startTime/endTime, BladeX column filters)
 * - GET  /swp-alarm/alarm-info/tube-explosion   burst alarms, paged, same filters
 * - POST /swp-alarm/alarm-info/one-tube-explosion  JSON { id }: one burst alarm with its evidence
 * - POST /swp-alarm/alarm-info/close-alarm      JSON { id, closeReason }
 * - POST /swp-alarm/alarm-info/close-alarms     JSON { ids: [..] | "1,2", closeReason } (or query ids)
 * - GET  /swp-alarm/alarm-info/export           the filtered list as xlsx
 * - GET  /swp-alarm/alarm-info/detail?id=       one alarm with its history
 * - GET  /swp-alarm/alarm-info/counts           open alarms by type
 * - POST /swp-alarm/alarm-info/dispatch         JSON { id, pipeGid, title?, description? }: 派单抢修, a burst
 *                                               event on the named pipe and its 爆管抢修 process (dispatch.ts)
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { attachment, XLSX_TYPE } from '../../core/attachment.ts';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { byMenu, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { queryOf } from '../../core/request-params.ts';
import { dispatchBurstRepair } from './dispatch.ts';
import { burstEvidence } from './evidence.ts';
import { alarmWorkbook, EXPORT_NAME } from './export.ts';
import { alarmInfo } from './schema.ts';
import {
  ALARM_LEVELS,
  ALARM_STATUS,
  ALARM_TYPES,
  alarmDetail,
  alarmPage,
  closeAlarms,
  closeOneSchema,
  openCounts,
  parseCloseMany,
} from './service.ts';

const BASE = '/swp-alarm/alarm-info';
const READ = byMenu('alarm_info', 'device_base');
const CLOSE = byMenu('alarm_info_close');
const DISPATCH = byMenu('alarm_info_dispatch');

const idOf = (v: unknown) => {
  if (v === undefined || v === null || v === '') throw badRequest('缺少必要的请求参数: id');
  if (!/^\d{1,19}$/.test(String(v))) throw badRequest('参数校验失败: id 必须是数字编号');
  return String(v);
};

export function alarmRoutes(app: FastifyInstance, ctx: AppContext) {
  const burstOnly = [eq(alarmInfo.alarmType, 'burst')];

  app.get(`${BASE}/all-alarm-info`, READ, async (req) => ok(await alarmPage(ctx, req.tenantId, queryOf(req))));

  app.get(`${BASE}/tube-explosion`, READ, async (req) =>
    ok(await alarmPage(ctx, req.tenantId, queryOf(req), burstOnly)),
  );

  app.post(
    `${BASE}/one-tube-explosion`,
    { ...READ, schema: { body: z.object({ id: z.union([z.string(), z.number()]) }).passthrough() } },
    async (req) => {
      const id = idOf((req.body as { id: unknown }).id);
      return ok(await burstEvidence(ctx, req.tenantId, id));
    },
  );

  app.post(
    `${BASE}/dispatch`,
    {
      ...DISPATCH,
      schema: {
        body: z.object({
          id: z.union([z.string(), z.number()]),
          pipeGid: z.coerce
            .number({ error: '请选择爆管管线' })
            .int('请选择爆管管线')
            .min(1, '请选择爆管管线')
            .max(2_147_483_647, '请选择爆管管线'),
          title: z.string().max(200, '事件名称不能超过200个字符').optional(),
          description: z.string().max(1000, '现场情况不能超过1000个字符').optional(),
        }),
      },
    },
    async (req) => {
      const b = req.body as { id: unknown; pipeGid: number; title?: string; description?: string };
      const r = await dispatchBurstRepair(ctx, userOf(req), idOf(b.id), b);
      return ok(r, `已派单: ${r.eventCode}`);
    },
  );

  app.get(`${BASE}/detail`, READ, async (req) => ok(await alarmDetail(ctx, req.tenantId, idOf(queryOf(req).id))));

  app.get(`${BASE}/counts`, READ, async (req) => ok(await openCounts(ctx, req.tenantId)));

  app.get(`${BASE}/dict`, READ, async () =>
    ok({
      alarmTypes: Object.entries(ALARM_TYPES).map(([code, t]) => ({ code, ...t })),
      alarmLevels: Object.entries(ALARM_LEVELS).map(([code, name]) => ({ code: Number(code), name })),
      alarmStatus: Object.entries(ALARM_STATUS).map(([code, name]) => ({ code: Number(code), name })),
    }),
  );

  app.post(`${BASE}/close-alarm`, { ...CLOSE, schema: { body: closeOneSchema } }, async (req) => {
    const body = req.body as z.infer<typeof closeOneSchema>;
    await closeAlarms(ctx, userOf(req), [String(body.id)], body.closeReason, true);
    return done('关闭成功');
  });

  app.post(`${BASE}/close-alarms`, CLOSE, async (req) => {
    const { ids, reason } = parseCloseMany(req.body, queryOf(req));
    const n = await closeAlarms(ctx, userOf(req), ids, reason, false);
    return ok({ closed: n }, `已关闭 ${n} 条报警`);
  });

  app.get(`${BASE}/export`, byMenu('alarm_info_export'), async (req, reply) => {
    const query = queryOf(req);
    const extra = query.burst === 'true' || query.burst === '1' ? burstOnly : [];
    const { burst: _b, ...filters } = query;
    // the first rows are read before the headers: a bad filter or sort is a 400 in the envelope, not a cut file
    const file = await alarmWorkbook(ctx, req.tenantId, filters, extra);
    return attachment(reply, EXPORT_NAME, XLSX_TYPE, { fallback: 'alarms.xlsx' }).send(file);
  });
}
