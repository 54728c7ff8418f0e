/**
 * Calibration (docs/hydraulics.md "Calibration"): a finished run's values against what the monitoring stations
 * measured, hour by hour over one local day (yesterday by default), at every station with a matching series:
 * - pressure (MPa → m, 1 MPa = 101.97 m of water): at the station's GIS node (a pump station: its discharge node;
 *   a DMA inlet meter on a pipe: the nearer end of its pipe); a pressure station not drawn in the GIS: the nearest
 *   model node within NEAREST_M;
 * - flow (`flow`, `waterSupply`, m³/h → L/s): a meter on a pipe: that pipe; a pump station: its pump; a plant (a
 *   reservoir): the sum of the flows leaving it.
 * The simulated value at hour h is the run's value at h × 3600 s (the step whose demands are the hour's); the
 * measured one the hour's mean (hourly rollup). Errors are simulated − measured: mean absolute, largest absolute and
 * mean (bias).
 */
import type { CalibrationPoint, CalibrationStation } from '@swp/contract';
import { eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { stationFeatures } from '../gis/index.ts';
import { monitorSeries, monitorStation, readRollups, toEpsg4548 } from '../monitor/index.ts';
import { geometryOf } from './geometry.ts';
import { inpLines } from './inp-lines.ts';
import { modelById } from './model.ts';
import { getRun, resultOf } from './runs.ts';

export const MPA_TO_M = 101.97;
export const NEAREST_M = 300;
const FLOW_FIELDS = ['flow', 'waterSupply'];

/** link ends from the model text: code → [from, to] */
function linkEnds(inp: string) {
  const out = new Map<string, [string, string]>();
  for (const { section, f } of inpLines(inp)) {
    if (section === '[PIPES]' || section === '[PUMPS]' || section === '[VALVES]') out.set(f[0], [f[1], f[2]]);
  }
  return out;
}

function localMidnight(date?: string) {
  if (date) {
    const [y, m, d] = date.split('-').map(Number);
    const t = new Date(y, m - 1, d).getTime();
    if (Number.isNaN(t)) throw badRequest(`日期格式不正确: ${date}`);
    return t;
  }
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - 1);
  return d.getTime();
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** The monitoring series a run is compared with: every station's pressure and flow series. */
function calibrationSeries(ctx: AppContext, tenantId: string) {
  return ctx.db
    .select({
      id: monitorSeries.id,
      field: monitorSeries.field,
      stcd: monitorStation.stcd,
      name: monitorStation.stnm,
      lon: monitorStation.lgtd,
      lat: monitorStation.lttd,
    })
    .from(monitorSeries)
    .innerJoin(monitorStation, eq(monitorStation.id, monitorSeries.stationId))
    .where(liveInTenant(monitorStation, tenantId, inArray(monitorSeries.field, ['pressure', ...FLOW_FIELDS])))
    .orderBy(monitorStation.stcd, monitorSeries.field);
}

export async function calibrate(ctx: AppContext, tenantId: string, runId: string, date?: string) {
  const run = await getRun(ctx, tenantId, runId);
  const r = await resultOf(ctx, tenantId, runId);
  const { inp } = await modelById(ctx, tenantId, String(run.modelId));
  const geo = geometryOf(inp);
  const ends = linkEnds(inp);
  const nodeIndex = new Map(r.nodeCodes.map((c, i) => [c, i]));
  const linkIndex = new Map(r.linkCodes.map((c, i) => [c, i]));
  const day0 = localMidnight(date);
  const features = await stationFeatures(ctx.db, tenantId);
  const series = await calibrationSeries(ctx, tenantId);
  const hours = r.times.filter((t) => t < 86_400);
  const n = r.nodeCodes.length;
  const m = r.linkCodes.length;
  const rows: CalibrationStation[] = [];
  for (const s of series) {
    const f = features.find((x) => x.stcd === s.stcd);
    let target: CalibrationStation['target'] | null = null;
    let simAt: ((k: number) => number) | null = null;
    if (s.field === 'pressure') {
      let code = f ? (f.pipe ? f.near : f.dno) : null;
      let nearest: number | undefined;
      if (!f && s.lon != null && s.lat != null) {
        const p = toEpsg4548(s.lon, s.lat);
        let best = NEAREST_M;
        for (const node of geo.nodes) {
          const d = Math.hypot(node.x - p.x, node.y - p.y);
          if (d <= best && nodeIndex.has(node.code)) {
            best = d;
            code = node.code;
            nearest = Math.round(d);
          }
        }
      }
      const i = code ? nodeIndex.get(code) : undefined;
      if (code && i !== undefined) {
        target = { type: 'node', code, ...(nearest !== undefined ? { nearest } : {}) };
        simAt = (k) => r.pressure[k * n + i];
      }
    } else if (f) {
      const code = f.pipe ?? f.dno;
      const i = linkIndex.get(code);
      if (f.kind !== 'source' && i !== undefined) {
        target = { type: 'link', code };
        simAt = (k) => Math.abs(r.flow[k * m + i]);
      } else if (f.kind === 'source' && nodeIndex.has(f.dno)) {
        const out: [number, number][] = [];
        for (const [link, [a, b]] of ends) {
          const j = linkIndex.get(link);
          if (j !== undefined && (a === f.dno || b === f.dno)) out.push([j, a === f.dno ? 1 : -1]);
        }
        if (out.length) {
          target = { type: 'source', code: f.dno };
          simAt = (k) => out.reduce((sum, [j, sign]) => sum + sign * r.flow[k * m + j], 0);
        }
      }
    }
    if (!target || !simAt) continue;
    const measured = new Map<number, number>();
    for (const h of await readRollups(ctx.database.pool, 'hourly', s.id, day0, day0 + 86_400_000))
      if (h.count) measured.set(Math.round((h.t - day0) / 1000), h.sum / h.count);
    const toModel = (x: number) => (s.field === 'pressure' ? x * MPA_TO_M : x / 3.6);
    const points: CalibrationPoint[] = hours.map((time) => {
      const k = r.times.indexOf(time);
      const meas = measured.get(time);
      return { time, simulated: r3(simAt(k)), measured: meas === undefined ? null : r3(toModel(meas)) };
    });
    const errs = points.filter((p) => p.measured !== null).map((p) => p.simulated - (p.measured as number));
    rows.push({
      stcd: s.stcd,
      name: s.name,
      field: s.field,
      quantity: s.field === 'pressure' ? 'pressure' : 'flow',
      unit: s.field === 'pressure' ? 'm' : 'L/s',
      target,
      points,
      count: errs.length,
      meanError: errs.length ? r3(errs.reduce((a, e) => a + Math.abs(e), 0) / errs.length) : null,
      maxError: errs.length ? r3(Math.max(...errs.map(Math.abs))) : null,
      bias: errs.length ? r3(errs.reduce((a, e) => a + e, 0) / errs.length) : null,
    });
  }
  const d = new Date(day0);
  const p = (x: number) => String(x).padStart(2, '0');
  return { runId: String(run.id), date: `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`, stations: rows };
}
