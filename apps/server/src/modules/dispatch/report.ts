/**
 * The day's dispatch report (调度日报) as xlsx: per plant and booster station the day's water (m³, from the
 * `waterAmount` series), electricity (kWh) and energy per m³ (kWh/m³); the plan against the actual by hour for the
 * utility; pressure compliance per network point (share of readings within the service band).
 */

import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { monitorStation, readRollups, seriesOf } from '../monitor/index.ts';
import { pressureCompliance } from './compliance.ts';
import { offsetOf, supplyPlan } from './forecast.ts';

const D = 86_400_000;

/** Totals of one day per plant / booster station: water, electricity and their ratio. */
export async function energyOfDay(ctx: AppContext, tenantId: string, from: number) {
  const st = await ctx.db
    .select({ id: monitorStation.id, stcd: monitorStation.stcd, stnm: monitorStation.stnm, sttp: monitorStation.sttp })
    .from(monitorStation)
    .where(liveInTenant(monitorStation, tenantId, inArray(monitorStation.sttp, ['SC', 'BZ'])))
    .orderBy(monitorStation.sttp, monitorStation.stcd);
  const series = await seriesOf(
    ctx,
    st.map((s) => s.id),
  );
  const total = async (stationId: string, field: string) => {
    const s = series.find((x) => x.stationId === stationId && x.field === field);
    if (!s) return null;
    const rows = await readRollups(ctx.database.pool, 'hourly', s.id, from, from + D);
    return rows.length ? rows.reduce((a, r) => a + r.sum, 0) : null;
  };
  const out = [];
  for (const s of st) {
    const water = await total(s.id, 'waterAmount');
    const kwh = await total(s.id, 'electricityConsumption');
    out.push({
      stcd: s.stcd,
      stnm: s.stnm,
      sttp: s.sttp,
      water: water === null ? null : Math.round(water),
      kwh: kwh === null ? null : Math.round(kwh),
      kwhPerM3: water && kwh !== null ? Number((kwh / water).toFixed(3)) : null,
    });
  }
  return out;
}

/** The report of the local day `date` (YYYY-MM-DD) as an xlsx buffer. */
export async function dayReport(ctx: AppContext, tenantId: string, date: string, now = Date.now()) {
  const off = offsetOf(ctx.config.tz, now);
  const from = Date.parse(`${date}T00:00:00Z`) - off;
  const to = Math.min(from + D, now);
  // the plan of that day as it was made, the actual of every hour that has passed
  const plan = await supplyPlan(ctx, tenantId, Math.min(now, from + D - 1), 0);
  const energy = await energyOfDay(ctx, tenantId, from);
  const pressure = await pressureCompliance(ctx, tenantId, from, to);

  const wb = new ExcelJS.Workbook();
  const s1 = wb.addWorksheet('供水与能耗');
  s1.columns = [
    { header: '站点编码', key: 'stcd', width: 12 },
    { header: '站点', key: 'stnm', width: 20 },
    { header: '类型', key: 'kind', width: 10 },
    { header: '供水量(m³)', key: 'water', width: 14 },
    { header: '用电量(kWh)', key: 'kwh', width: 14 },
    { header: '单位电耗(kWh/m³)', key: 'kwhPerM3', width: 18 },
  ];
  for (const e of energy) s1.addRow({ ...e, kind: e.sttp === 'SC' ? '水厂' : '加压泵站' });
  const plants = energy.filter((e) => e.sttp === 'SC');
  const water = plants.reduce((a, e) => a + (e.water ?? 0), 0);
  const kwh = plants.reduce((a, e) => a + (e.kwh ?? 0), 0);
  s1.addRow({ stnm: '水厂合计', water, kwh, kwhPerM3: water ? Number((kwh / water).toFixed(3)) : null });

  const s2 = wb.addWorksheet('计划与实际');
  s2.columns = [
    { header: '时段', key: 'hour', width: 10 },
    { header: '计划(m³/h)', key: 'plan', width: 14 },
    { header: '实际(m³/h)', key: 'actual', width: 14 },
    { header: '偏差(%)', key: 'dev', width: 10 },
  ];
  plan.hours.forEach((_, h) => {
    const p = plan.utility.plan[h];
    const a = plan.utility.actual[h];
    s2.addRow({
      hour: `${String(h).padStart(2, '0')}:00`,
      plan: p,
      actual: a,
      dev: p && a !== null ? Number((((a - p) / p) * 100).toFixed(1)) : null,
    });
  });

  const s3 = wb.addWorksheet('压力合格率');
  s3.columns = [
    { header: '监测点编码', key: 'stcd', width: 12 },
    { header: '监测点', key: 'stnm', width: 20 },
    { header: '合格范围(MPa)', key: 'band', width: 14 },
    { header: '读数', key: 'readings', width: 10 },
    { header: '合格率(%)', key: 'rate', width: 12 },
  ];
  for (const p of pressure.points) s3.addRow({ ...p, band: `${p.band.min}–${p.band.max}` });
  s3.addRow({ stnm: '合计', readings: pressure.readings, rate: pressure.rate });
  return { buffer: Buffer.from(await wb.xlsx.writeBuffer()), energy, pressure, plan };
}
