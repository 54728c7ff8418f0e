/**
 * `one-tube-explosion`: one burst alarm with its evidence: the DMA's night minimums of the two weeks before it
 * (with the baseline each was judged against) and the hourly inflow and pressure of the day around it.
 */
import type { AppContext } from '../../core/module.ts';
import { formatDateTime } from '../../core/time.ts';
import { readRollups } from '../monitor/index.ts';
import { DAY_MS, HOUR_MS, judgeNights, nightMinimums } from './burst.ts';
import { listDmas } from './dmas.ts';
import { alarmDetail } from './service.ts';

const mean = (r: { sum: number; count: number }) => r.sum / r.count;

export async function burstEvidence(ctx: AppContext, tenantId: string, id: string) {
  const alarm = await alarmDetail(ctx, tenantId, id);
  if (alarm?.alarmType !== 'burst') return null;
  const dma = (await listDmas(ctx, tenantId)).find((d) => d.dmaCode === alarm.dmaCode);
  if (!dma) return { ...alarm, nights: [], hours: [] };
  const at = alarm.alarmTime.getTime();
  const from = at - 30 * DAY_MS;
  const to = Math.min(Date.now(), at + DAY_MS);
  const flowRows = (await readRollups(ctx.database.pool, 'hourly', dma.flowSeriesId, from, to)).filter(
    (r) => r.count > 0,
  );
  const flow = flowRows.map((r) => ({ t: r.t, value: mean(r) }));
  const nights = judgeNights(nightMinimums(flow))
    .filter((n) => n.t >= at - 15 * DAY_MS && n.t <= to)
    .map((n) => ({
      date: n.date,
      mnf: round(n.mnf, 1),
      baseline: n.baseline === null ? null : round(n.baseline, 1),
      burst: n.burst,
    }));
  const pressureRows = dma.pressureSeriesId
    ? (await readRollups(ctx.database.pool, 'hourly', dma.pressureSeriesId, at - DAY_MS, to)).filter((r) => r.count > 0)
    : [];
  const p = new Map(pressureRows.map((r) => [r.t, mean(r)]));
  const hours = flowRows
    .filter((r) => r.t >= at - DAY_MS - HOUR_MS)
    .map((r) => ({
      time: formatDateTime(new Date(r.t)),
      flow: round(mean(r), 1),
      pressure: p.has(r.t) ? round(p.get(r.t) as number, 3) : null,
    }));
  return { ...alarm, stcd: dma.stcd, nights, hours };
}

function round(v: number, d: number) {
  const f = 10 ** d;
  return Math.round(v * f) / f;
}
