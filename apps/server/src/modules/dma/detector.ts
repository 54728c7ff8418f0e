/**
 * Leak detection on a DMA's minimum-night-flow series (docs/dma.md). Pure: nights in, detections out.
 *
 * Reference: each night is compared with the same weekday of the previous `refWeeks` weeks (weekday profiles
 * differ: Sundays use less), each reference night shifted by the change in known leak flow between it and the
 * night judged (a leak found earlier is part of the expected flow until it is repaired). The baseline is the
 * median of those, the residual r = MNF − baseline, scaled by a robust σ (1.4826 × MAD of the recent residuals,
 * floored).
 *
 * Two tests:
 * - burst: the night's residual is above `burstZ` σ and `minLeak`, and the mean of the hours after the window
 *   exceeds its own same-weekday baseline by at least half the night's residual (a leak adds the same flow by
 *   day and by night; a holiday reshapes the day instead). Found the morning after the burst's first night.
 * - incipient: a one-sided CUSUM (Page 1954) of the residuals, each clipped to ±`clip` σ so that one odd night
 *   (a holiday) cannot carry it over the threshold alone: S = max(0, S + z − k), alarm at S > h. The estimated
 *   start is the first night of the run that raised it; the leak flow the mean residual since then.
 * - same-day burst: a burst that starts after the night's window shows first in the day: the 10:00–16:00 mean above
 *   its own same-weekday baseline by `middayZ` σ (its own σ) and `minLeak`, on a day whose night was ordinary.
 *   Found at 16:00 the same day instead of the next morning. Where the zone has a pressure meter, the midday
 *   pressure's drop below its own same-weekday baseline is a second, independent witness (a burst draws the
 *   pressure down; the meter noise of the two is independent): the two z scores are combined (Stouffer:
 *   (z_flow + z_pressure) / √2 > `middayJointZ`, each of them above 1), which finds smaller bursts the same day.
 * After a detection the CUSUM restarts and the leak's flow joins the expected flow.
 */
import { DAY_MS, HOUR_MS as HOUR, type NightFlow } from './nightflow.ts';

export interface DetectorOptions {
  refWeeks: number;
  minRefs: number;
  /** CUSUM allowance and threshold, in σ */
  k: number;
  h: number;
  /** residuals clipped to ± clip σ before the CUSUM */
  clip: number;
  /** burst: night residual above burstZ σ */
  burstZ: number;
  /** same-day burst: the 10:00–16:00 mean above its baseline by this many σ (0 turns the test off) */
  middayZ: number;
  /** same-day burst with a pressure meter: combined z of the flow rise and the pressure drop */
  middayJointZ: number;
  /** σ floor of the midday pressure residual, MPa */
  pressureSigmaFloor: number;
  /** burst: the morning hours must exceed their baseline by this share of the night's residual */
  confirmShare: number;
  /** smallest leak reported, m³/h */
  minLeak: number;
  /** σ floor as a share of the baseline */
  sigmaFloorShare: number;
  /** residuals kept for σ */
  sigmaWindow: number;
  /** hours between the window start and the burst's confirmation (window + confirm hours) */
  confirmDelayHours: number;
  /** night window length, hours (detection time of the CUSUM = window end) */
  windowHours: number;
}

export const DETECTOR_DEFAULTS: DetectorOptions = {
  refWeeks: 4,
  minRefs: 2,
  k: 0.5,
  h: 5,
  clip: 3,
  burstZ: 2.5,
  confirmShare: 0.5,
  middayZ: 4,
  middayJointZ: 4,
  pressureSigmaFloor: 0.0003,
  minLeak: 5,
  sigmaFloorShare: 0.01,
  sigmaWindow: 28,
  confirmDelayHours: 6,
  windowHours: 2,
};

/** A leak already known (found before, or found in this run): its flow is expected from start until end. */
export interface KnownLeak {
  start: number;
  end?: number | null;
  flow: number;
}

export interface Detection {
  kind: 'burst' | 'incipient';
  estimatedStart: number;
  detectedAt: number;
  /** m³/h */
  leakFlow: number;
  /** the evidence */
  night: string;
  residual: number;
  sigma: number;
  baseline: number;
  cusum?: number;
}

export interface NightJudgement {
  date: string;
  t: number;
  mnf: number;
  baseline: number | null;
  residual: number | null;
  sigma: number | null;
  cusum: number;
  valid: boolean;
  reason?: string;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function leakFlowAt(leaks: KnownLeak[], t: number): number {
  let f = 0;
  for (const l of leaks) if (l.start <= t && (l.end == null || l.end > t)) f += l.flow;
  return f;
}

/**
 * Judges the nights (ascending) of `judgeFrom` on; earlier nights serve as references only. `known` leaks are
 * expected flow; the detections found are returned with each night's judgement (for the chart).
 */
export function detectLeaks(
  nights: NightFlow[],
  opts: Partial<DetectorOptions> = {},
  known: KnownLeak[] = [],
  judgeFrom = Number.NEGATIVE_INFINITY,
): { detections: Detection[]; judged: NightJudgement[]; leaks: KnownLeak[] } {
  const d = new LeakDetector(nights, { ...DETECTOR_DEFAULTS, ...opts }, known, judgeFrom);
  for (const [i, n] of nights.entries()) d.night(n, i);
  return { detections: d.detections, judged: d.judged, leaks: d.leaks };
}

/** the same local date `days` earlier (midday arithmetic keeps clear of DST edges) */
function dateBefore(n: NightFlow, days: number) {
  const d = new Date(n.t - days * DAY_MS);
  const p = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The detector's state over the nights: references, σ windows, the CUSUM run, the leaks known or found. */
class LeakDetector {
  readonly byDate: Map<string, NightFlow>;
  readonly leaks: KnownLeak[];
  readonly detections: Detection[] = [];
  readonly judged: NightJudgement[] = [];
  readonly residuals: number[] = [];
  readonly midResiduals: number[] = [];
  readonly pResiduals: number[] = [];
  lastMidday: { leak: KnownLeak; detection: Detection } | null = null;
  S = 0;
  runStart: NightFlow | null = null;
  runResiduals: number[] = [];
  dropSince: number | null = null;
  /** the day's use above the night level (day mean − MNF), see `level` */
  readonly amp: number[];
  readonly index: Map<string, number>;

  constructor(
    nights: NightFlow[],
    readonly o: DetectorOptions,
    known: KnownLeak[],
    readonly judgeFrom: number,
  ) {
    this.byDate = new Map(nights.map((n) => [n.date, n]));
    this.leaks = known.map((l) => ({ ...l }));
    this.amp = nights.map((n) => (n.valid && Number.isFinite(n.dayMean) ? n.dayMean - n.mnf : Number.NaN));
    this.index = new Map(nights.map((n, i) => [n.date, i]));
  }

  /**
   * The day's use above the night level follows the season, and a leak, which adds the same flow by day and by
   * night, leaves it unchanged. Its median over the week before a night scales that night's references, so a
   * seasonal rise in demand does not pose as a leak.
   */
  level(i: number) {
    const xs: number[] = [];
    for (let j = i - 1; j >= 0 && j >= i - 10 && xs.length < 7; j--)
      if (Number.isFinite(this.amp[j])) xs.push(this.amp[j]);
    return xs.length >= 4 ? median(xs) : Number.NaN;
  }

  /** Judges one night (`i`: its place in the nights). */
  night(n: NightFlow, i: number) {
    const row: NightJudgement = {
      date: n.date,
      t: n.t,
      mnf: n.mnf,
      baseline: null,
      residual: null,
      sigma: null,
      cusum: this.S,
      valid: n.valid,
      reason: n.reason,
    };
    if (!n.valid) {
      if (n.t >= this.judgeFrom) this.judged.push(row);
      return;
    }
    const nowLeak = leakFlowAt(this.leaks, n.t);
    const { refs, refsAfter, refsMid, refsMidP } = this.references(n, i, nowLeak);
    if (refs.length < this.o.minRefs) {
      if (n.t >= this.judgeFrom) this.judged.push(row);
      return;
    }
    const baseline = median(refs);
    const r = n.mnf - baseline;
    const mad =
      this.residuals.length >= 7
        ? 1.4826 * median(this.residuals.slice(-this.o.sigmaWindow).map((x) => Math.abs(x)))
        : 0;
    const sigma = Math.max(mad, this.o.sigmaFloorShare * Math.abs(baseline), 1e-9);
    row.baseline = baseline;
    row.residual = r;
    row.sigma = sigma;
    const learning = this.residuals.length < 7;
    // σ comes from ordinary nights: this.leaks, repairs and holidays beyond 3 σ stay out of it
    if (learning || Math.abs(r) <= 3 * sigma) this.residuals.push(r);
    if (learning || n.t < this.judgeFrom) {
      if (n.t >= this.judgeFrom) this.judged.push(row);
      return;
    }
    // a repair: an active leak's flow has gone (two nights in a row well below the expected flow); the leak whose
    // flow best matches the drop ends at the first of them
    const active = this.leaks.filter((l) => l.start <= n.t && (l.end == null || l.end > n.t) && -r > 0.5 * l.flow);
    if (active.length && r / sigma < -this.o.burstZ / 2) {
      if (this.dropSince === null) this.dropSince = n.t;
      else {
        const gone = active.reduce((a, b) => (Math.abs(a.flow + r) <= Math.abs(b.flow + r) ? a : b));
        gone.end = this.dropSince;
        this.dropSince = null;
        this.S = 0;
        this.runStart = null;
        this.judged.push(row);
        return;
      }
    } else this.dropSince = null;
    const z = Math.max(-this.o.clip, Math.min(this.o.clip, r / sigma));
    // burst: a big step tonight, confirmed by the morning hours
    if (this.burst(n, r, sigma, baseline, refsAfter, row)) return;
    const before = this.S;
    this.S = Math.max(0, this.S + z - this.o.k);
    if (this.S > 0 && before === 0) {
      this.runStart = n;
      this.runResiduals = [];
    }
    if (this.S > 0) this.runResiduals.push(r);
    row.cusum = this.S;
    if (this.S > this.o.h && this.runStart) {
      const flow = this.runResiduals.slice(-3).reduce((a, b) => a + b, 0) / Math.min(3, this.runResiduals.length);
      if (flow > this.o.minLeak) {
        const start = this.runStart.t;
        this.detections.push({
          kind: 'incipient',
          estimatedStart: start,
          detectedAt: n.t + this.o.windowHours * 3_600_000,
          leakFlow: flow,
          night: n.date,
          residual: r,
          sigma,
          baseline,
          cusum: this.S,
        });
        this.leaks.push({ start, flow });
      }
      this.resetRun();
    }
    // the same day's midday, when tonight was ordinary and nothing was found tonight
    if (
      this.o.middayZ > 0 &&
      Number.isFinite(n.midday) &&
      refsMid.length >= this.o.minRefs &&
      r / sigma < this.o.burstZ
    )
      this.midday(n, refsMid, refsMidP);
    this.judged.push(row);
  }

  /** the same weekday's nights before, scaled by the season and shifted by the known leaks' flow */
  private references(n: NightFlow, i: number, nowLeak: number) {
    const refs: number[] = [];
    const refsAfter: number[] = [];
    const refsMid: number[] = [];
    const refsMidP: number[] = [];
    for (let w = 1; w <= this.o.refWeeks; w++) {
      const r = this.byDate.get(dateBefore(n, 7 * w));
      if (!r?.valid) continue;
      const shift = nowLeak - leakFlowAt(this.leaks, r.t);
      const ls = this.level(this.index.get(r.date) ?? -1);
      const ln = this.level(i);
      const season = Number.isFinite(ls) && Number.isFinite(ln) && ls > 0 ? ln / ls : 1;
      refs.push(r.mnf * season + shift);
      if (Number.isFinite(r.after)) refsAfter.push(r.after * season + shift);
      const midShift = leakFlowAt(this.leaks, n.t + 10 * HOUR) - leakFlowAt(this.leaks, r.t + 10 * HOUR);
      if (Number.isFinite(r.midday)) refsMid.push(r.midday * season + midShift);
      // how far a known leak drew the pressure down is not known: a pressure reference only from a day with the
      // same known this.leaks
      if (Number.isFinite(r.middayP) && Math.abs(midShift) < this.o.minLeak) refsMidP.push(r.middayP);
    }
    return { refs, refsAfter, refsMid, refsMidP };
  }

  /** a big step tonight, confirmed by the morning hours (true: the night is judged) */
  /** A finding ends the CUSUM run: the statistic, its start and its residuals start over. */
  private resetRun() {
    this.S = 0;
    this.runStart = null;
    this.runResiduals = [];
  }

  /** A burst found tonight: the run starts over and the night is judged with a zero statistic. */
  private found(row: NightJudgement) {
    this.resetRun();
    row.cusum = 0;
    this.judged.push(row);
    return true;
  }

  private burst(n: NightFlow, r: number, sigma: number, baseline: number, refsAfter: number[], row: NightJudgement) {
    const afterBase = refsAfter.length >= this.o.minRefs ? median(refsAfter) : Number.NaN;
    const afterExcess = n.after - afterBase;
    if (
      r / sigma > this.o.burstZ &&
      r > this.o.minLeak &&
      Number.isFinite(afterExcess) &&
      afterExcess > this.o.confirmShare * r
    ) {
      const flow = (r + Math.min(afterExcess, r)) / 2;
      // the night after a same-day (midday) finding: the same burst, whose size the night measures better
      if (this.lastMidday && n.t - this.lastMidday.detection.detectedAt < DAY_MS) {
        this.lastMidday.leak.flow += flow;
        this.lastMidday.detection.leakFlow = this.lastMidday.leak.flow;
        this.lastMidday = null;
        return this.found(row);
      }
      const start = previousNightEnd(n, this.o);
      this.detections.push({
        kind: 'burst',
        estimatedStart: start,
        detectedAt: n.t + this.o.confirmDelayHours * 3_600_000,
        leakFlow: flow,
        night: n.date,
        residual: r,
        sigma,
        baseline,
      });
      this.leaks.push({ start, flow });
      return this.found(row);
    }
    return false;
  }

  /** a burst seen at midday: the flow above its references, witnessed by the pressure's drop when known */
  private midday(n: NightFlow, refsMid: number[], refsMidP: number[]) {
    const rm = n.midday - median(refsMid);
    const midLearning = this.midResiduals.length < 7;
    const sm = midLearning
      ? Number.POSITIVE_INFINITY
      : Math.max(
          1.4826 * median(this.midResiduals.slice(-this.o.sigmaWindow).map((x) => Math.abs(x))),
          this.o.sigmaFloorShare * n.midday,
        );
    // the pressure's witness: its drop below the same-weekday baseline, in its own σ
    let zp = Number.NaN;
    let rp = Number.NaN;
    let pLearning = true;
    if (Number.isFinite(n.middayP) && refsMidP.length >= this.o.minRefs) {
      rp = median(refsMidP) - n.middayP;
      pLearning = this.pResiduals.length < 7;
      const sp = Math.max(
        1.4826 * median(this.pResiduals.slice(-this.o.sigmaWindow).map((x) => Math.abs(x))) || 0,
        this.o.pressureSigmaFloor,
      );
      if (!pLearning) zp = rp / sp;
      if (pLearning || Math.abs(rp) <= 3 * sp) this.pResiduals.push(rp);
    }
    const zf = rm / sm;
    const witnessed = Number.isFinite(zp)
      ? (zf + zp) / Math.SQRT2 > this.o.middayJointZ && zf > 1 && zp > 1
      : zf > this.o.middayZ;
    if (
      !midLearning &&
      witnessed &&
      rm > this.o.minLeak &&
      this.detections[this.detections.length - 1]?.night !== n.date
    ) {
      const start = n.t + this.o.windowHours * HOUR;
      this.detections.push({
        kind: 'burst',
        estimatedStart: start,
        detectedAt: n.t + 14 * HOUR,
        leakFlow: rm,
        night: n.date,
        residual: rm,
        sigma: sm,
        baseline: median(refsMid),
      });
      const leak = { start, flow: rm };
      this.leaks.push(leak);
      this.lastMidday = { leak, detection: this.detections[this.detections.length - 1] };
      this.resetRun();
    } else if (midLearning || Math.abs(rm) <= 3 * sm) this.midResiduals.push(rm);
  }
}

/** A burst seen first tonight began after the previous night's window: its end is the estimate's lower bound. */
function previousNightEnd(n: NightFlow, o: DetectorOptions): number {
  return n.t - DAY_MS + o.windowHours * 3_600_000;
}
