/**
 * The IWA water balance of one DMA (or the whole utility) over a period, and the uncertainty of each figure
 * (docs/dma.md). Pure arithmetic.
 *
 * SIV = Σ inlets − Σ outlets; authorised = billed + unbilled; apparent losses = (meter under-registration +
 * theft) × SIV; real losses = SIV − authorised − apparent; NRW = SIV − billed; NRW rate = NRW / SIV.
 *
 * Uncertainty: every measured or estimated input carries its 95 % confidence limit (± %); σ = value × limit /
 * 196; sums and differences add variances (inputs independent); the 95 % limit of a result is 1.96 σ (IWA / AWWA
 * water-audit practice, Lambert & Hirner 2000). A share of SIV filled in for missing readings carries ± 50 %.
 */
import type { Balance, BalanceFigure as Figure } from '@swp/contract';

export interface MeterVolume {
  direction: 'in' | 'out';
  /** m³ over the period (gaps filled from the meter's mean) */
  volume: number;
  /** ± % (95 %) of the meter */
  accuracy: number;
  /** share of the expected readings present (0..1) */
  coverage: number;
}

export interface BalanceInput {
  meters: MeterVolume[];
  /** m³ billed (reads spread over their intervals) */
  billed: number;
  billedAccuracy: number;
  unbilled: number;
  unbilledAccuracy: number;
  /** shares of SIV */
  meterUnderReg: number;
  theft: number;
  apparentAccuracy: number;
}

const Z = 1.96;
const sigmaOf = (value: number, pct: number) => (Math.abs(value) * pct) / 100 / Z;

function figure(value: number, variance: number, source: string): Figure {
  const pm = Z * Math.sqrt(Math.max(variance, 0));
  return {
    value: round(value),
    plusMinus: round(pm),
    uncertainty: value === 0 ? null : round((pm / Math.abs(value)) * 100, 1),
    source,
  };
}

const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

/** The SIV and its variance: each meter's accuracy, plus ± 50 % on the share filled in for missing readings. */
export function systemInput(meters: MeterVolume[]): { value: number; variance: number } {
  let value = 0;
  let variance = 0;
  for (const m of meters) {
    const sign = m.direction === 'in' ? 1 : -1;
    value += sign * m.volume;
    const filled = m.volume * (1 - Math.min(1, Math.max(0, m.coverage)));
    variance += sigmaOf(m.volume, m.accuracy) ** 2 + sigmaOf(filled, 50) ** 2;
  }
  return { value, variance };
}

export function computeBalance(i: BalanceInput): Balance {
  const siv = systemInput(i.meters);
  const vB = sigmaOf(i.billed, i.billedAccuracy) ** 2;
  const vU = sigmaOf(i.unbilled, i.unbilledAccuracy) ** 2;
  const share = i.meterUnderReg + i.theft;
  const under = i.meterUnderReg * siv.value;
  const theft = i.theft * siv.value;
  const apparent = under + theft;
  // the estimate's own spread, and the SIV's through the share
  const vEst = sigmaOf(apparent, i.apparentAccuracy) ** 2;
  const vA = vEst + share ** 2 * siv.variance;
  const authorised = i.billed + i.unbilled;
  const real = siv.value - authorised - apparent;
  // real = SIV (1 − share) − billed − unbilled − estimate error
  const vR = (1 - share) ** 2 * siv.variance + vB + vU + vEst;
  const nrw = siv.value - i.billed;
  const vN = siv.variance + vB;
  const rate = siv.value > 0 ? (nrw / siv.value) * 100 : 0;
  // a ratio: relative variances add (first order; NRW and SIV share the SIV term, which makes this conservative)
  const relRate = siv.value > 0 && nrw !== 0 ? vN / nrw ** 2 + siv.variance / siv.value ** 2 : 0;
  const losses = siv.value - authorised;
  const lossRate = siv.value > 0 ? (losses / siv.value) * 100 : 0;
  const vL = siv.variance + vB + vU;
  const relLoss = siv.value > 0 && losses !== 0 ? vL / losses ** 2 + siv.variance / siv.value ** 2 : 0;
  return {
    siv: figure(siv.value, siv.variance, 'meters'),
    billed: figure(i.billed, vB, 'billing'),
    unbilled: figure(i.unbilled, vU, 'declared'),
    authorised: figure(authorised, vB + vU, 'billing+declared'),
    apparent: figure(apparent, vA, 'estimate'),
    meterUnderReg: figure(under, sigmaOf(under, i.apparentAccuracy) ** 2, 'estimate'),
    theft: figure(theft, sigmaOf(theft, i.apparentAccuracy) ** 2, 'estimate'),
    real: figure(real, vR, 'remainder'),
    nrw: figure(nrw, vN, 'remainder'),
    nrwRate: figure(rate, rate ** 2 * relRate, 'ratio'),
    lossRate: figure(lossRate, lossRate ** 2 * relLoss, 'ratio'),
  };
}

/** The part of a read's volume that falls in [from, to) (days, read spread evenly over (prev, read]). */
export function spreadShare(prevDay: number, readDay: number, fromDay: number, toDay: number): number {
  const len = readDay - prevDay;
  if (len <= 0) return 0;
  const overlap = Math.min(readDay, toDay) - Math.max(prevDay, fromDay);
  return Math.max(0, overlap) / len;
}
