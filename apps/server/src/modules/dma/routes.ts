/**
 * `/swp-dma/*` routes:
 * - dma/list|page|detail|submit|remove|select (resource), dma/tree, dma/membership?code=
 * - unbilled/* (declared unbilled authorised uses, resource)
 * - setting (GET, POST): the balance's shares and accuracies
 * - balance?dmaCode=&period=DAY|MONTH&date=, balance/ranking, balance/export (xlsx)
 * - night-flow?dmaCode=&startTime=&endTime=
 * - leak/detect (POST), leak-event/list, leak-event/submit (POST, reported by hand), leak-event/dispatch (POST)
 */
import { PassThrough } from 'node:stream';
import { count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { attachment } from '../../core/attachment.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInput } from '../../core/parse-input.ts';
import { pageOf, parsePaging } from '../../core/query.ts';
import { inTenant } from '../../core/scoped.ts';
import { settingsOf } from './data.ts';
import { dispatchLeak } from './dispatch.ts';
import { detectZone, nightFlowOf, reportLeak } from './leak.ts';
import { dmaLeakEvent, dmaSetting } from './schema.ts';
import { unbilledResource } from './unbilled.ts';
import { balanceOf, ranking } from './water-balance.ts';
import { buildTree, DMA_READ, dmaResource, membership, zoneByCode, zonesOf } from './zones.ts';

const B = '/swp-dma';
const dateRe = /^\d{4}-\d{2}(-\d{2})?$/;
const balanceQuery = z.object({
  dmaCode: z.string().trim().max(32).optional(),
  period: z.enum(['DAY', 'MONTH'], { message: 'period 只能是 DAY 或 MONTH' }).default('MONTH'),
  date: z.string().regex(dateRe, 'date 格式应为 YYYY-MM-DD 或 YYYY-MM'),
});
const timeOf = (label: string) =>
  z.union([z.string(), z.number()]).transform((v, c) => {
    const t = typeof v === 'number' || /^\d+$/.test(v) ? Number(v) : new Date(String(v).replace(' ', 'T')).getTime();
    if (!Number.isFinite(t)) {
      c.addIssue({ code: 'custom', message: `${label} 不是有效时间` });
      return z.NEVER;
    }
    return t;
  });
const rangeQuery = z
  .object({
    dmaCode: z.string().trim().min(1, '请指定分区 dmaCode').max(32),
    startTime: timeOf('startTime'),
    endTime: timeOf('endTime'),
  })
  .refine((q) => q.endTime > q.startTime, '结束时间必须晚于开始时间')
  .refine((q) => q.endTime - q.startTime <= 400 * 86_400_000, '时间范围最长 400 天');

export function dmaRoutes(app: FastifyInstance, ctx: AppContext) {
  dmaResource.routes(app, ctx);
  unbilledResource.routes(app, ctx);
  zoneRoutes(app, ctx);
  balanceRoutes(app, ctx);
  leakRoutes(app, ctx);
}

/** The zone tree, a zone's membership and the balance settings. */
function zoneRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${B}/dma/tree`, byMenu(...DMA_READ), async (req) => ok(buildTree(await zonesOf(ctx.db, req.tenantId))));

  app.get(`${B}/dma/membership`, byMenu('dma_zone'), async (req) => {
    const q = parseInput(z.object({ code: z.string().trim().min(1, '请指定分区 code') }), req.query);
    return ok(await membership(ctx.db, req.tenantId, await zoneByCode(ctx.db, req.tenantId, q.code)));
  });

  app.get(`${B}/setting`, byMenu('dma_balance'), async (req) => ok(await settingsOf(ctx, req.tenantId)));
  app.post(`${B}/setting`, byMenu('dma_balance_setting'), async (req) => {
    const share = z.number().min(0, '比例应在 0–0.5 之间').max(0.5, '比例应在 0–0.5 之间');
    const pct = z.number().min(0, '精度应在 0–100 % 之间').max(100, '精度应在 0–100 % 之间');
    const s = parseInput(
      z.object({
        meterUnderReg: share,
        theft: share,
        billedAccuracy: pct,
        unbilledAccuracy: pct,
        apparentAccuracy: pct,
      }),
      req.body,
    );
    await ctx.db
      .insert(dmaSetting)
      .values({ tenantId: req.tenantId, ...s, updateTime: new Date() })
      .onConflictDoUpdate({ target: dmaSetting.tenantId, set: { ...s, updateTime: new Date() } });
    return ok(await settingsOf(ctx, req.tenantId));
  });
}

/** The water balance, its ranking and its export. */
function balanceRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${B}/balance`, byMenu('dma_balance', 'dma_zone'), async (req) => {
    const q = parseInput(balanceQuery, req.query);
    return ok(await balanceOf(ctx, req.tenantId, q.dmaCode || undefined, q.period, q.date));
  });
  app.get(`${B}/balance/ranking`, byMenu('dma_balance', 'dma_zone'), async (req) => {
    const q = parseInput(balanceQuery.omit({ dmaCode: true }), req.query);
    return ok(await ranking(ctx, req.tenantId, q.period, q.date));
  });
  app.get(`${B}/balance/export`, byMenu('dma_balance_export'), async (req, reply) => {
    // everything is computed before the first byte: a bad query or a failure is a JSON error, never half a file
    const q = parseInput(balanceQuery.omit({ dmaCode: true }), req.query);
    const whole = await balanceOf(ctx, req.tenantId, undefined, q.period, q.date);
    const rows = await ranking(ctx, req.tenantId, q.period, q.date);
    const out = new PassThrough();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = wb.addWorksheet('水量平衡');
    sheet.columns = [
      { header: '项目', key: 'item', width: 24 },
      { header: '水量(m³)', key: 'value', width: 16 },
      { header: '不确定度(±m³, 95%)', key: 'pm', width: 20 },
      { header: '不确定度(±%)', key: 'pct', width: 14 },
      { header: '来源', key: 'source', width: 18 },
    ];
    const names: Record<string, string> = {
      siv: '系统供水量',
      billed: '收费计量用水量',
      unbilled: '免费授权用水量',
      authorised: '授权用水量',
      apparent: '表观漏损',
      meterUnderReg: '计量误差',
      theft: '非法用水',
      real: '真实漏损',
      nrw: '产销差水量',
      nrwRate: '产销差率(%)',
      lossRate: '漏损率(%)',
    };
    for (const [k, f] of Object.entries(whole.balance))
      sheet
        .addRow({ item: names[k] ?? k, value: f.value, pm: f.plusMinus, pct: f.uncertainty, source: f.source })
        .commit();
    sheet.commit();
    const rank = wb.addWorksheet('分区排名');
    rank.columns = [
      { header: '排名', key: 'no', width: 8 },
      { header: '分区编码', key: 'dmaCode', width: 14 },
      { header: '分区名称', key: 'dmaName', width: 20 },
      { header: '系统供水量(m³)', key: 'siv', width: 16 },
      { header: '收费水量(m³)', key: 'billed', width: 16 },
      { header: '产销差水量(m³)', key: 'nrw', width: 16 },
      { header: '产销差率(%)', key: 'nrwRate', width: 12 },
      { header: '真实漏损(m³)', key: 'real', width: 16 },
    ];
    rows.forEach((r, i) => {
      rank.addRow({ ...r, no: i + 1 }).commit();
    });
    rank.commit();
    void wb.commit();
    return attachment(reply, `水量平衡_${whole.label}.xlsx`).send(out);
  });
}

/** Night flow, leak detection and the leak events (list, submitted by hand, dispatched). */
function leakRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${B}/night-flow`, byMenu('dma_night', 'dma_zone'), async (req) => {
    const q = parseInput(rangeQuery, req.query);
    return ok(await nightFlowOf(ctx, await zoneByCode(ctx.db, req.tenantId, q.dmaCode), q.startTime, q.endTime));
  });

  app.post(`${B}/leak/detect`, byMenu('dma_leak_detect'), async (req) => {
    const q = parseInput(rangeQuery, req.body);
    const zone = await zoneByCode(ctx.db, req.tenantId, q.dmaCode);
    if (!zone.meters.length) throw badRequest(`分区 ${zone.code} 没有计量点，无法检测`);
    const r = await detectZone(ctx, zone, q.startTime, q.endTime);
    return ok({
      dmaCode: zone.code,
      nights: r.nights,
      detections: r.detections,
      created: r.events.length,
      events: r.events,
    });
  });

  app.get(`${B}/leak-event/list`, byMenu('dma_leak', 'dma_zone'), async (req) => {
    const raw = (req.query ?? {}) as Record<string, unknown>;
    const q = parseInput(
      z.object({
        dmaCode: z.string().trim().max(32).optional(),
        state: z.enum(['open', 'dispatched', 'closed']).optional(),
        startTime: timeOf('startTime').optional(),
        endTime: timeOf('endTime').optional(),
      }),
      {
        dmaCode: raw.dmaCode || undefined,
        state: raw.state || undefined,
        startTime: raw.startTime || undefined,
        endTime: raw.endTime || undefined,
      },
    );
    const p = parsePaging(raw, 20);
    const conds: SQL[] = [eq(dmaLeakEvent.isDeleted, 0)];
    if (q.dmaCode) conds.push(eq(dmaLeakEvent.dmaCode, q.dmaCode));
    if (q.state) conds.push(eq(dmaLeakEvent.state, q.state));
    if (q.startTime !== undefined) conds.push(gte(dmaLeakEvent.detectedAt, new Date(q.startTime)));
    if (q.endTime !== undefined) conds.push(lt(dmaLeakEvent.detectedAt, new Date(q.endTime)));
    const [{ n }] = await ctx.db
      .select({ n: count() })
      .from(dmaLeakEvent)
      .where(inTenant(dmaLeakEvent, req.tenantId, ...conds));
    const rows = await ctx.db
      .select()
      .from(dmaLeakEvent)
      .where(inTenant(dmaLeakEvent, req.tenantId, ...conds))
      .orderBy(desc(dmaLeakEvent.detectedAt))
      .limit(p.size)
      .offset(p.offset);
    return ok(pageOf(rows, n, p));
  });

  // a leak found in the field (acoustic survey, a customer's call): recorded by hand, dispatched like the others
  app.post(`${B}/leak-event/submit`, byMenu('dma_leak_add'), async (req) => {
    const b = parseInput(
      z.object({
        dmaCode: z.string().trim().min(1, '请选择分区').max(32),
        estimatedStart: timeOf('estimatedStart'),
        leakFlow: z.number().positive('漏损流量必须大于 0').max(100_000),
        remark: z.string().max(255).optional(),
      }),
      req.body,
    );
    if (b.estimatedStart > Date.now() + 60_000) throw badRequest('估计开始时间不能晚于现在');
    return ok(await reportLeak(ctx, await zoneByCode(ctx.db, req.tenantId, b.dmaCode), b, req.user?.userId ?? null));
  });

  app.post(`${B}/leak-event/dispatch`, byMenu('dma_leak_dispatch'), async (req) => {
    const b = parseInput(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        description: z.string().max(500).optional(),
      }),
      req.body,
    );
    if (!req.user) throw badRequest('未登录');
    return ok(await dispatchLeak(ctx, req.user, b.id, b.description));
  });
}
