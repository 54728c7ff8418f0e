/**
 * A pumped area behind a tank (L-Town's area C: pump `PUMP_1` fills tank `T1`, the tank and the pump feed the area):
 * what reaches the area's customers is the pump's flow less what the tank stores, so the area's inlet is a derived
 * series, supply = pump flow − tank area × d(level)/dt (m³/h). The tank's level is read in 1 cm steps (2 m³ for a
 * 16 m tank), so its slope is a least-squares fit over a centred window (±30 min by default), not a point
 * difference; a pump reading without enough level readings around it gives no supply point (a gap, which the night
 * flow's quality gate then leaves out). docs/dma.md "L-Town".
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { tenantSql } from '../../core/scoped.ts';
import { gisNode } from '../gis/index.ts';
import { importSeries, monitorStation, readRaw, seriesImportOptions, upsertStations } from '../monitor/index.ts';

export interface Points {
  ts: ArrayLike<number>;
  values: ArrayLike<number>;
}

const HOUR_MS = 3_600_000;

/**
 * The area's supply at each pump reading: pump − area × level slope (m/h), the slope fitted over the level
 * readings within ±halfWindowMs of the pump reading; at least `minPoints` of them, spanning both sides.
 */
export function netSupply(
  pump: Points,
  level: Points,
  areaM2: number,
  halfWindowMs = 30 * 60_000,
  minPoints = 5,
): { ts: number[]; values: number[] } {
  const ts: number[] = [];
  const values: number[] = [];
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < pump.ts.length; i++) {
    const t = pump.ts[i];
    while (lo < level.ts.length && level.ts[lo] < t - halfWindowMs) lo++;
    if (hi < lo) hi = lo;
    while (hi < level.ts.length && level.ts[hi] <= t + halfWindowMs) hi++;
    const n = hi - lo;
    if (n < minPoints || level.ts[lo] > t || level.ts[hi - 1] < t) continue;
    // least-squares slope of level on time (hours from t, for numerical range)
    let sx = 0;
    let sy = 0;
    for (let k = lo; k < hi; k++) {
      sx += (level.ts[k] - t) / HOUR_MS;
      sy += level.values[k];
    }
    const mx = sx / n;
    const my = sy / n;
    let sxx = 0;
    let sxy = 0;
    for (let k = lo; k < hi; k++) {
      const dx = (level.ts[k] - t) / HOUR_MS - mx;
      sxx += dx * dx;
      sxy += dx * (level.values[k] - my);
    }
    if (sxx === 0) continue;
    const slope = sxy / sxx; // m/h
    ts.push(t);
    values.push(Math.round((pump.values[i] - areaM2 * slope) * 1000) / 1000);
  }
  return { ts, values };
}

/** The derived inlet of a pumped area: which pump and tank it comes from, and the station that carries it. */
export interface TankNet {
  pump: { stcd: string; field: string };
  tank: { stcd: string; field: string; node: string };
  station: { stcd: string; stnm: string };
}

async function seriesId(ctx: AppContext, tenantId: string, stcd: string, field: string) {
  const r = await ctx.db.execute<{ id: number; x: number | null; y: number | null }>(sql`
    select s.id, st.x, st.y from swp_monitor_series s join swp_monitor_station st on st.id = s.station_id
     where ${tenantSql(monitorStation, tenantId, 'st')} and st.is_deleted = 0 and st.stcd = ${stcd} and s.field = ${field}`);
  return r.rows[0] ?? null;
}

/**
 * Writes the derived supply series (idempotent: points already stored are skipped by the series import); answers
 * the points written, or null when the pump, the tank's level or the tank's diameter (GIS node, from the .inp) is
 * missing.
 */
export async function ensureTankNet(
  ctx: AppContext,
  tenantId: string,
  userId: string | null,
  net: TankNet,
): Promise<number | null> {
  const pump = await seriesId(ctx, tenantId, net.pump.stcd, net.pump.field);
  const tank = await seriesId(ctx, tenantId, net.tank.stcd, net.tank.field);
  const d = await ctx.db.execute<{ d: number | null }>(sql`
    select (hydraulic->>'diameter')::float8 as d from swp_gis_node
     where ${tenantSql(gisNode, tenantId)} and dno = ${net.tank.node} and hydraulic->>'type' = 'tank' and is_deleted = 0 limit 1`);
  const diameter = d.rows[0]?.d;
  if (!pump || !tank || !diameter) return null;
  const area = (Math.PI * diameter * diameter) / 4;
  const all: [number, number] = [0, Date.UTC(2200, 0, 1)];
  const supply = netSupply(
    await readRaw(ctx.database.pool, pump.id, ...all),
    await readRaw(ctx.database.pool, tank.id, ...all),
    area,
  );
  await upsertStations(
    ctx.db,
    tenantId,
    [
      {
        stcd: net.station.stcd,
        stnm: net.station.stnm,
        sttp: 'LL',
        x: tank.x,
        y: tank.y,
        location: `${net.pump.stcd} − ${net.tank.stcd}`,
        fields: { flow: 300 },
      },
    ],
    userId,
  );
  const lines = ['ts;supply'];
  for (let i = 0; i < supply.ts.length; i++) lines.push(`${supply.ts[i]};${supply.values[i]}`);
  const r = await importSeries(
    ctx,
    tenantId,
    Buffer.from(lines.join('\n')),
    `${net.station.stcd}.csv`,
    seriesImportOptions.parse({
      separator: ';',
      timestampColumn: 'ts',
      timestampFormat: 'epoch_ms',
      mapping: { supply: `${net.station.stcd}.flow` },
      dryRun: false,
    }),
  );
  return r.inserted;
}
