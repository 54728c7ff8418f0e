/**
 * Burst detection in the jobs leader: every few minutes each DMA's inlet hourly means of the last 16 days are
 * judged (burst.ts) and a burst raises (or repeats) the DMA's burst alarm. Raising is idempotent per occurrence
 * time, so a restart, a second pass over the same hours or a leader handover never raises twice.
 * `replayBursts` runs the same judgement over the whole stored history (first start: the demo's alarm history).
 */
import type { AppContext } from '../../core/module.ts';
import { formatDateTime } from '../../core/time.ts';
import { readRollups } from '../monitor/index.ts';
import {
  HOUR_MS,
  type HourMean,
  judgeNights,
  type NightVerdict,
  nightMinimums,
  type StepVerdict,
  scanSteps,
} from './burst.ts';
import { type Dma, listDmas } from './dmas.ts';
import { type RaiseInput, raiseAlarm } from './service.ts';

export const BURST_TICK_MS = 5 * 60_000;
const LOOKBACK_MS = 16 * 86_400_000;

async function hourMeans(ctx: AppContext, seriesId: number, from: number, to: number): Promise<HourMean[]> {
  const rows = await readRollups(ctx.database.pool, 'hourly', seriesId, from, to);
  // only complete hours count: the current hour's mean is still moving
  return rows.filter((r) => r.count > 0 && r.t + HOUR_MS <= to).map((r) => ({ t: r.t, value: r.sum / r.count }));
}

const fmt = (v: number, d = 1) => Number(v.toFixed(d));

/** What both burst alarms of a DMA share: one alarm per DMA (its source key), raised by the detector. */
const burstOf = (dma: Dma) =>
  ({
    tenantId: dma.tenantId,
    alarmType: 'burst',
    alarmLevel: 3,
    source: 'detector',
    sourceKey: `burst:${dma.dmaCode}`,
  }) as const;

/** the DMA's inlet flow the alarm is about */
const inletOf = (dma: Dma) =>
  ({ stationId: dma.stationId, stcd: dma.stcd, field: 'flow', dmaCode: dma.dmaCode, dmaName: dma.dmaName }) as const;

/** where the alarm is shown: the inlet station's place */
const placeOf = (dma: Dma) => ({ x: dma.x, y: dma.y, lgtd: dma.lgtd, lttd: dma.lttd, address: dma.address });

export function nightAlarm(dma: Dma, v: NightVerdict): RaiseInput {
  const at = new Date(v.t + 2 * HOUR_MS);
  return {
    ...burstOf(dma),
    title: `${dma.dmaName}疑似爆管（夜间最小流量异常）`,
    content: `${dma.dmaName} ${v.date} 夜间最小流量 ${fmt(v.mnf)} m³/h，高于前 ${v.nights} 晚基准 ${fmt(v.baseline ?? 0)} m³/h 共 ${fmt(v.excess ?? 0)} m³/h，疑似管网爆管或漏损，请安排排查。`,
    at,
    ...inletOf(dma),
    alarmValue: fmt(v.mnf),
    limitValue: fmt(v.baseline ?? 0),
    unit: 'm³/h',
    ...placeOf(dma),
    detail: {
      method: 'nightFlow',
      date: v.date,
      mnf: fmt(v.mnf, 2),
      net: fmt(v.net, 2),
      baseline: fmt(v.baseline ?? 0, 2),
      excess: fmt(v.excess ?? 0, 2),
      nights: v.nights,
    },
    configCode: 'alarm.pipe_burst',
  };
}

export function stepAlarm(dma: Dma, v: StepVerdict): RaiseInput {
  const at = new Date(v.t + HOUR_MS);
  return {
    ...burstOf(dma),
    title: `${dma.dmaName}疑似爆管（流量突增、压力骤降）`,
    content: `${dma.dmaName} 进水流量 ${fmt(v.flow)} m³/h，较同时段基准 ${fmt(v.flowRef)} m³/h 突增 ${fmt(v.step)} m³/h；压力 ${fmt(v.pressure, 3)} MPa，骤降 ${fmt(v.drop, 3)} MPa（${formatDateTime(at)}）。疑似爆管，请立即安排关阀抢修。`,
    at,
    ...inletOf(dma),
    alarmValue: fmt(v.flow),
    limitValue: fmt(v.flowRef),
    unit: 'm³/h',
    ...placeOf(dma),
    detail: {
      method: 'flowStep',
      flow: fmt(v.flow, 2),
      flowRef: fmt(v.flowRef, 2),
      step: fmt(v.step, 2),
      pressure: fmt(v.pressure, 4),
      pressureRef: fmt(v.pressureRef, 4),
      drop: fmt(v.drop, 4),
    },
    configCode: 'alarm.pipe_burst',
  };
}

/** Both judgements of one DMA over [from, to): the burst alarms they raise, in time order. */
export async function burstFindings(ctx: AppContext, dma: Dma, from: number, to: number, since: number) {
  const flow = await hourMeans(ctx, dma.flowSeriesId, from - LOOKBACK_MS, to);
  const pressure = dma.pressureSeriesId ? await hourMeans(ctx, dma.pressureSeriesId, from - LOOKBACK_MS, to) : [];
  const found: RaiseInput[] = [];
  // a night is judged once it is over (04:00): the 02:00 and 03:00 hours are complete then
  for (const v of judgeNights(nightMinimums(flow), { minExcess: minExcessOf(flow) })) {
    if (v.burst && v.t + 2 * HOUR_MS > since) found.push(nightAlarm(dma, v));
  }
  if (pressure.length) {
    // the complete hours (hourMeans keeps only those) that start within [from, to) and end after `since`; scanSteps
    // walks the series' own hour grid, so `from` and `since` may be any instants (they are "now − 1 day")
    const first = Math.max(from, since - HOUR_MS + 1);
    for (const v of scanSteps(first, to - HOUR_MS, flow, pressure))
      if (v.t + HOUR_MS > since) found.push(stepAlarm(dma, v));
  }
  return found.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** 5% of the mean inflow: a night must rise at least this far above its baseline. */
function minExcessOf(flow: HourMean[]): number {
  if (!flow.length) return 0;
  return (0.05 * flow.reduce((s, h) => s + h.value, 0)) / flow.length;
}

/** One pass over every DMA (the leader's tick). Returns how many alarms were raised or repeated. */
export async function detectBursts(ctx: AppContext, now = Date.now()): Promise<number> {
  let n = 0;
  for (const dma of await listDmas(ctx)) {
    // the last day is judged again each time: raising is idempotent per occurrence time
    const found = await burstFindings(ctx, dma, now - 86_400_000, now, now - 86_400_000);
    for (const f of found) if (await raiseAlarm(ctx, f)) n++;
  }
  return n;
}
