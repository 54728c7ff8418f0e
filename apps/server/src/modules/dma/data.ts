/**
 * What the balance and the night flow read: each zone meter's series (monitor module), its daily and hourly
 * rollups, the billed volume of the customer meters inside the zone (billing reads spread over their read
 * intervals), the declared unbilled uses and the tenant's parameters.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { inTenant, tenantSql } from '../../core/scoped.ts';
import { meterRead } from '../billing/index.ts';
import { gisNode } from '../gis/index.ts';
import { readRollups, seriesByCode } from '../monitor/index.ts';
import type { MeterVolume } from './balance.ts';
import { DAY_MS, type MeterHours } from './nightflow.ts';
import { dmaSetting, dmaUnbilled } from './schema.ts';
import type { DmaRow } from './zones.ts';

export interface ZoneSeries {
  stcd: string;
  field: string;
  direction: 'in' | 'out' | 'pressure';
  accuracy: number;
  seriesId: number | null;
  stepSeconds: number;
}

export async function zoneSeries(ctx: Pick<AppContext, 'db'>, zone: DmaRow): Promise<ZoneSeries[]> {
  const out: ZoneSeries[] = [];
  for (const m of zone.meters) {
    const s = await seriesByCode(ctx.db, zone.tenantId, m.stcd, m.field);
    out.push({ ...m, seriesId: s?.id ?? null, stepSeconds: s?.step ?? 300 });
  }
  return out;
}

/**
 * Each meter's volume over [from, to) (whole local days) from the daily rollups: the mean flow of the days with
 * readings × the hours of the period; coverage = readings present / readings expected.
 */
export async function meterVolumes(ctx: AppContext, series: ZoneSeries[], from: number, to: number) {
  const out: MeterVolume[] = [];
  const hours = (to - from) / 3_600_000;
  for (const s of flowSeries(series)) {
    if (s.seriesId === null) {
      out.push({ direction: s.direction, volume: 0, accuracy: s.accuracy, coverage: 0 });
      continue;
    }
    const rows = await readRollups(ctx.database.pool, 'daily', s.seriesId, from, to);
    let sum = 0;
    let count = 0;
    for (const r of rows) {
      sum += r.sum;
      count += r.count;
    }
    const expected = (hours * 3600) / s.stepSeconds;
    const mean = count ? sum / count : 0;
    out.push({
      direction: s.direction,
      volume: mean * hours,
      accuracy: s.accuracy,
      coverage: expected ? Math.min(1, count / expected) : 0,
    });
  }
  return out;
}

/** The flow meters (in/out) of a zone's series: pressure meters take no part in volumes. */
const flowSeries = (series: ZoneSeries[]) =>
  series.filter((s): s is ZoneSeries & { direction: 'in' | 'out' } => s.direction !== 'pressure');

export async function meterHours(ctx: AppContext, series: ZoneSeries[], from: number, to: number) {
  const out: MeterHours[] = [];
  for (const s of flowSeries(series)) {
    if (s.seriesId === null) continue;
    out.push({ direction: s.direction, hours: await readRollups(ctx.database.pool, 'hourly', s.seriesId, from, to) });
  }
  return out;
}

/**
 * The hourly rollups of the zone's first pressure meter with data (the detector reads one pressure, the inlet's),
 * or null when the zone has none.
 */
export async function pressureHours(ctx: AppContext, series: ZoneSeries[], from: number, to: number) {
  for (const s of series) {
    if (s.direction !== 'pressure' || s.seriesId === null) continue;
    const hours = await readRollups(ctx.database.pool, 'hourly', s.seriesId, from, to);
    if (hours.length) return hours;
  }
  return null;
}

const day = (t: number) => {
  const d = new Date(t);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

/**
 * Billed metered volume over [from, to) of the customer meters located inside the zone: each read's volume
 * spread evenly over its interval (prevReadDate, readDate] (balance.ts `spreadShare`, here in SQL). Days after a
 * meter's last read (the days not yet billed: yesterday, for most meters, until their next monthly read) are
 * estimated at the last interval's daily rate, for at most one missed read (62 days), as utilities do; without it
 * a recent day's balance counted nothing billed and showed its whole input as non-revenue water.
 */
export async function billedVolume(ctx: AppContext, zone: DmaRow, from: number, to: number): Promise<number> {
  if (!zone.boundary) return 0;
  const f = day(from);
  const t = day(to);
  const r = await ctx.db.execute<{ v: number | null }>(
    sql`with inside as (
          select n.dno from swp_gis_node n
           where ${tenantSql(gisNode, zone.tenantId, 'n')} and n.kind = 'meter' and n.is_deleted = 0
             and ST_Contains((select geom from swp_dma where id = ${zone.id}), n.geom)
        ), reads as (
          select r.meter_code, r.volume, r.read_date, r.prev_read_date from swp_billing_meter_read r
            join inside on inside.dno = r.meter_code
           where ${tenantSql(meterRead, zone.tenantId, 'r')} and r.is_deleted = 0 and r.prev_read_date < ${t}::date
        ), last as (
          select distinct on (meter_code) * from reads order by meter_code, read_date desc
        )
        select (coalesce((select sum(volume * greatest(0, least(read_date, ${t}::date) - greatest(prev_read_date, ${f}::date))::float8
                                 / nullif(read_date - prev_read_date, 0)) from reads where read_date > ${f}::date), 0)
              + coalesce((select sum(volume * greatest(0, ${t}::date - greatest(read_date, ${f}::date))::float8
                                 / nullif(read_date - prev_read_date, 0))
                            from last where read_date < ${t}::date and ${t}::date - read_date <= 62), 0))::float8 as v`,
  );
  return r.rows[0]?.v ?? 0;
}

export async function unbilledVolume(
  ctx: AppContext,
  tenantId: string,
  codes: string[],
  from: number,
  to: number,
): Promise<number> {
  if (!codes.length) return 0;
  const r = await ctx.db.execute<{ v: number | null }>(
    sql`select sum(volume)::float8 as v from swp_dma_unbilled where ${tenantSql(dmaUnbilled, tenantId)} and is_deleted = 0
        and dma_code in (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )}) and use_date >= ${day(from)}::date and use_date < ${day(to)}::date`,
  );
  return r.rows[0]?.v ?? 0;
}

export type Settings = Omit<typeof dmaSetting.$inferSelect, 'tenantId' | 'updateTime'>;
export const SETTING_DEFAULTS: Settings = {
  meterUnderReg: 0.02,
  theft: 0.01,
  billedAccuracy: 2,
  unbilledAccuracy: 20,
  apparentAccuracy: 50,
};

export async function settingsOf(ctx: Pick<AppContext, 'db'>, tenantId: string): Promise<Settings> {
  const [row] = await ctx.db.select().from(dmaSetting).where(inTenant(dmaSetting, tenantId));
  if (!row) return { ...SETTING_DEFAULTS };
  const { tenantId: _t, updateTime: _u, ...rest } = row;
  return rest;
}

/** The local-day window of a period: DAY = that date, MONTH = the month of the date (YYYY-MM or YYYY-MM-DD). */
export function periodWindow(period: 'DAY' | 'MONTH', date: string): { from: number; to: number; label: string } {
  const [y, m, d] = date.split('-').map(Number);
  if (period === 'DAY') {
    const from = new Date(y, m - 1, d).getTime();
    return { from, to: new Date(y, m - 1, d + 1).getTime(), label: `${date.slice(0, 10)}` };
  }
  return {
    from: new Date(y, m - 1, 1).getTime(),
    to: new Date(y, m, 1).getTime(),
    label: `${y}-${String(m).padStart(2, '0')}`,
  };
}

export const daysBetween = (from: number, to: number) => Math.round((to - from) / DAY_MS);
