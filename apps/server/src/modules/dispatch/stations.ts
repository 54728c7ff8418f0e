/**
 * Per-station dispatch settings (docs/dispatch.md): who operates each station — a dispatch order's 接收确认 task goes
 * to them (no one set: every operator) — and, for a network pressure point, its own service band for pressure
 * compliance (unset: PRESSURE_BAND). Settings are written by administrators and read by the dispatch screens.
 */
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { AuthUser } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { monitorStation, resolveStation } from '../monitor/index.ts';
import { user } from '../system/index.ts';
import { PRESSURE_BAND } from './compliance.ts';
import { dispatchStation } from './schema.ts';

/** Station types an order can go to or whose band is set: sources, plants, booster stations, network points. */
export const SETTING_TYPES = ['RR', 'SC', 'BZ', 'YL', 'LL'];

const id = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,19}$/, '编号无效'));
const mpa = z.number({ error: '压力应为数字 (MPa)' }).min(0, '压力应为 0–1.6 MPa').max(1.6, '压力应为 0–1.6 MPa');
export const settingInput = z
  .object({
    stationId: id,
    operatorIds: z.array(id).max(50, '最多 50 名值守人员').default([]),
    pressureMin: mpa.nullable().optional(),
    pressureMax: mpa.nullable().optional(),
  })
  .superRefine((v, c) => {
    const lo = v.pressureMin ?? null;
    const hi = v.pressureMax ?? null;
    if ((lo === null) !== (hi === null)) c.addIssue({ code: 'custom', message: '压力合格范围需同时填写下限和上限' });
    if (lo !== null && hi !== null && lo >= hi) c.addIssue({ code: 'custom', message: '压力下限应小于上限' });
  });

export async function stationSettings(ctx: AppContext, tenantId: string) {
  const stations = await ctx.db
    .select({ id: monitorStation.id, stcd: monitorStation.stcd, stnm: monitorStation.stnm, sttp: monitorStation.sttp })
    .from(monitorStation)
    .where(liveInTenant(monitorStation, tenantId, inArray(monitorStation.sttp, SETTING_TYPES)))
    .orderBy(monitorStation.sttp, monitorStation.stcd);
  const rows = await ctx.db.select().from(dispatchStation).where(liveInTenant(dispatchStation, tenantId));
  const byStation = new Map(rows.map((r) => [r.stationId, r]));
  const ids = [...new Set(rows.flatMap((r) => r.operatorIds))];
  const names = ids.length
    ? await ctx.db
        .select({ id: user.id, realName: user.realName })
        .from(user)
        .where(liveInTenant(user, tenantId, inArray(user.id, ids)))
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n.realName]));
  return stations.map((s) => {
    const r = byStation.get(s.id);
    const operatorIds = (r?.operatorIds ?? []).filter((u) => nameOf.has(u));
    return {
      stationId: s.id,
      stcd: s.stcd,
      stnm: s.stnm,
      sttp: s.sttp,
      operatorIds,
      operatorNames: operatorIds.map((u) => nameOf.get(u) ?? ''),
      pressureMin: r?.pressureMin ?? null,
      pressureMax: r?.pressureMax ?? null,
      band: bandOf(r),
    };
  });
}

const bandOf = (r?: { pressureMin: number | null; pressureMax: number | null } | null) =>
  r && r.pressureMin !== null && r.pressureMax !== null ? { min: r.pressureMin, max: r.pressureMax } : PRESSURE_BAND;

export async function saveStationSetting(ctx: AppContext, who: AuthUser, input: z.infer<typeof settingInput>) {
  const st = await resolveStation(ctx, who.tenantId, { stId: input.stationId });
  if (!SETTING_TYPES.includes(st.sttp)) throw badRequest('该站点不参与调度');
  const operatorIds = [...new Set(input.operatorIds)];
  if (operatorIds.length) {
    const found = await ctx.db
      .select({ id: user.id })
      .from(user)
      .where(liveInTenant(user, who.tenantId, inArray(user.id, operatorIds)));
    if (found.length !== operatorIds.length) throw badRequest('值守人员不存在');
  }
  const band = { pressureMin: input.pressureMin ?? null, pressureMax: input.pressureMax ?? null };
  await ctx.db
    .insert(dispatchStation)
    .values({
      tenantId: who.tenantId,
      stationId: st.id,
      operatorIds,
      ...band,
      createUser: who.userId,
      updateUser: who.userId,
    })
    .onConflictDoUpdate({
      target: [dispatchStation.tenantId, dispatchStation.stationId],
      set: { operatorIds, ...band, updateUser: who.userId, updateTime: new Date(), isDeleted: 0 },
    });
  return (await stationSettings(ctx, who.tenantId)).find((s) => s.stationId === st.id);
}

/** The candidate groups of an order's 接收确认 task: the station's operators, or every operator when none is set. */
export async function operatorsOf(ctx: AppContext, tenantId: string, stationId: string) {
  const [r] = await ctx.db
    .select({ operatorIds: dispatchStation.operatorIds })
    .from(dispatchStation)
    .where(liveInTenant(dispatchStation, tenantId, eq(dispatchStation.stationId, stationId)));
  const ids = r?.operatorIds ?? [];
  return ids.length ? ids.map((u) => `user:${u}`).join(',') : 'role:operator';
}

/** The service band of each pressure point by station id (its own, or PRESSURE_BAND). */
export async function bandsOf(ctx: AppContext, tenantId: string) {
  const rows = await ctx.db
    .select({
      stationId: dispatchStation.stationId,
      pressureMin: dispatchStation.pressureMin,
      pressureMax: dispatchStation.pressureMax,
    })
    .from(dispatchStation)
    .where(liveInTenant(dispatchStation, tenantId));
  const m = new Map(rows.map((r) => [r.stationId, bandOf(r)]));
  return (stationId: string) => m.get(stationId) ?? PRESSURE_BAND;
}
