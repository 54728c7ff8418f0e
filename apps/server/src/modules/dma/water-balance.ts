/**
 * The water balance of a zone or of the whole utility (the union of the top-level zones) for a DAY or a MONTH,
 * and the ranking of every zone by NRW rate.
 */

import type { BalanceResult } from '@swp/contract';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { computeBalance, type MeterVolume } from './balance.ts';
import { billedVolume, meterVolumes, periodWindow, settingsOf, unbilledVolume, zoneSeries } from './data.ts';
import { type DmaRow, subtreeCodes, zonesOf } from './zones.ts';

/** Spreading a monthly read over one day is itself uncertain: daily use varies ± 15 % about the read's mean. */
export const DAY_SPREAD_ACCURACY = 15;

async function inputsOf(ctx: AppContext, zone: DmaRow, all: DmaRow[], from: number, to: number) {
  const meters = await meterVolumes(ctx, await zoneSeries(ctx, zone), from, to);
  const billed = await billedVolume(ctx, zone, from, to);
  const unbilled = await unbilledVolume(ctx, zone.tenantId, subtreeCodes(all, zone.code), from, to);
  return { meters, billed, unbilled };
}

export async function balanceOf(
  ctx: AppContext,
  tenantId: string,
  dmaCode: string | undefined,
  period: 'DAY' | 'MONTH',
  date: string,
): Promise<BalanceResult> {
  const { from, to, label } = periodWindow(period, date);
  const all = await zonesOf(ctx.db, tenantId);
  // one read of the tenant's zones serves the zone, its subtree and the top level
  const one = dmaCode ? all.find((z) => z.code === dmaCode) : undefined;
  if (dmaCode && !one) throw badRequest(`分区 ${dmaCode} 不存在`);
  const zones = one ? [one] : all.filter((z) => z.parentId === '0');
  const s = await settingsOf(ctx, tenantId);
  const meters: MeterVolume[] = [];
  let billed = 0;
  let unbilled = 0;
  for (const z of zones) {
    const i = await inputsOf(ctx, z, all, from, to);
    meters.push(...i.meters);
    billed += i.billed;
    unbilled += i.unbilled;
  }
  const billedAccuracy = period === 'DAY' ? Math.hypot(s.billedAccuracy, DAY_SPREAD_ACCURACY) : s.billedAccuracy;
  const balance = computeBalance({ meters, billed, unbilled, ...s, billedAccuracy });
  const coverage = meters.length ? meters.reduce((a, m) => a + m.coverage, 0) / meters.length : 0;
  return {
    dmaCode: dmaCode ?? null,
    dmaName: dmaCode ? zones[0].name : '全部分区',
    period,
    label,
    from,
    to,
    balance,
    coverage: Math.round(coverage * 1000) / 1000,
  };
}

export async function ranking(ctx: AppContext, tenantId: string, period: 'DAY' | 'MONTH', date: string) {
  const out = [];
  for (const z of await zonesOf(ctx.db, tenantId)) {
    const r = await balanceOf(ctx, tenantId, z.code, period, date);
    out.push({
      dmaCode: z.code,
      dmaName: z.name,
      parentId: z.parentId,
      siv: r.balance.siv.value,
      billed: r.balance.billed.value,
      nrw: r.balance.nrw.value,
      nrwRate: r.balance.nrwRate.value,
      nrwRateUncertainty: r.balance.nrwRate.plusMinus,
      real: r.balance.real.value,
      coverage: r.coverage,
    });
  }
  return out.sort((a, b) => b.nrwRate - a.nrwRate);
}
