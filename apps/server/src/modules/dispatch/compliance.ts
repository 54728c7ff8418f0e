/**
 * Pressure compliance (压力合格率): the share of raw readings of each network pressure point (`YL`) within the
 * point's service band: its own (set per point in the station settings, stations.ts) or PRESSURE_BAND.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { monitorStation, readRaw, seriesOf } from '../monitor/index.ts';
import { bandsOf } from './stations.ts';

/** Service pressure band of the network points, MPa (CJJ 207: at least 0.28 at the tap; above 0.6 is excess). */
export const PRESSURE_BAND = { min: 0.28, max: 0.6 };

/** Share of the pressure readings in [from, to) of each network point within its service band. */
export async function pressureCompliance(ctx: AppContext, tenantId: string, from: number, to: number) {
  const bandOf = await bandsOf(ctx, tenantId);
  const points = await ctx.db
    .select({ id: monitorStation.id, stcd: monitorStation.stcd, stnm: monitorStation.stnm })
    .from(monitorStation)
    .where(liveInTenant(monitorStation, tenantId, eq(monitorStation.sttp, 'YL')))
    .orderBy(monitorStation.stcd);
  const series = (
    await seriesOf(
      ctx,
      points.map((p) => p.id),
    )
  ).filter((s) => s.field === 'pressure');
  let inBand = 0;
  let total = 0;
  const perPoint = [];
  for (const p of points) {
    const s = series.find((x) => x.stationId === p.id);
    if (!s) continue;
    const raw = await readRaw(ctx.database.pool, s.id, from, to);
    const band = bandOf(p.id);
    let ok = 0;
    for (const v of raw.values) if (v >= band.min && v <= band.max) ok++;
    inBand += ok;
    total += raw.values.length;
    perPoint.push({
      stcd: p.stcd,
      stnm: p.stnm,
      band,
      readings: raw.values.length,
      rate: raw.values.length ? Number(((ok / raw.values.length) * 100).toFixed(1)) : null,
    });
  }
  return {
    band: PRESSURE_BAND,
    readings: total,
    rate: total ? Number(((inBand / total) * 100).toFixed(1)) : null,
    points: perPoint,
  };
}
