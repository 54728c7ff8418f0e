/**
 * The arithmetic of compliance (docs/quality.md), free of the database: which limit applies at a point, whether a
 * value meets it (after converting the value's unit to the limit's), the runs of online readings outside the limit
 * that last long enough to be an alarm, and compliance rates (合格率 = readings or samples within limits / all).
 */

export const LIMIT_KINDS = ['max', 'min', 'range', 'absent'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const POINT_KINDS = ['plant', 'network'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

export interface Limit {
  code: string;
  kind: LimitKind;
  /** `all`, or the one kind of point the row is for */
  pointKind: string;
  minValue: number | null;
  maxValue: number | null;
  unit: string;
}

/** The limit of an indicator at a kind of point: the row for that kind, else the row for all points. */
export function limitFor<T extends Limit>(limits: T[], code: string, pointKind: string): T | undefined {
  return (
    limits.find((l) => l.code === code && l.pointKind === pointKind) ??
    limits.find((l) => l.code === code && l.pointKind === 'all')
  );
}

/** Mass concentrations convert between one another; anything else must be given in the limit's unit. */
const MASS_PER_L: Record<string, number> = { 'g/l': 1000, 'mg/l': 1, 'µg/l': 0.001, 'μg/l': 0.001, 'ug/l': 0.001 };
const norm = (u: string) => u.trim().toLowerCase().replace(/\s+/g, '');

/** `value` in `from` expressed in `to`; undefined when the units do not convert. */
export function convertUnit(value: number, from: string | null | undefined, to: string): number | undefined {
  if (from === null || from === undefined || norm(from) === '' || norm(from) === norm(to)) return value;
  const a = MASS_PER_L[norm(from)];
  const b = MASS_PER_L[norm(to)];
  if (a === undefined || b === undefined) return undefined;
  // round away binary noise (0.3 mg/L as 300 µg/L must compare equal to a 0.3 limit)
  return Number(((value * a) / b).toPrecision(12));
}

/** Whether a value (in the limit's unit) meets the limit. `absent`: 0 means not detected / none. */
export function meets(l: Pick<Limit, 'kind' | 'minValue' | 'maxValue'>, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  switch (l.kind) {
    case 'max':
      return l.maxValue === null || value <= l.maxValue;
    case 'min':
      return l.minValue === null || value >= l.minValue;
    case 'range':
      return (l.minValue === null || value >= l.minValue) && (l.maxValue === null || value <= l.maxValue);
    case 'absent':
      return value <= 0;
  }
}

/** The limit as a utility writes it: ≤1, ≥0.05, 0.3–2, 不得检出. */
export function limitText(l: Pick<Limit, 'kind' | 'minValue' | 'maxValue'>): string {
  switch (l.kind) {
    case 'max':
      return `≤${l.maxValue}`;
    case 'min':
      return `≥${l.minValue}`;
    case 'range':
      return `${l.minValue}–${l.maxValue}`;
    case 'absent':
      return '不得检出';
  }
}

/** Checks a limit row is coherent (the bounds its kind needs, min below max); returns the problem or undefined. */
export function limitProblem(l: Pick<Limit, 'kind' | 'minValue' | 'maxValue'>): string | undefined {
  if (l.kind === 'max' && l.maxValue === null) return '上限型指标需填写上限值';
  if (l.kind === 'min' && l.minValue === null) return '下限型指标需填写下限值';
  if (l.kind === 'range' && (l.minValue === null || l.maxValue === null)) return '区间型指标需填写下限和上限';
  if (l.kind === 'range' && l.minValue! > l.maxValue!) return '下限不能大于上限';
  return undefined;
}

export interface Run {
  /** first reading outside the limit */
  start: number;
  /** last reading outside the limit */
  end: number;
  /** when the run reached the minimum duration (the alarm's time) */
  alarmAt: number;
  /** value furthest outside the limit */
  worst: number;
  /** the run continues to the last reading */
  ongoing: boolean;
}

/**
 * Runs of consecutive readings outside the limit whose span (last outside reading − first) is at least `minMs`.
 * A single reading outside (a spike) spans 0 and is never a run unless `minMs` is 0. The distance from the limit
 * picks the worst value. Readings must be ascending.
 */
export function exceedanceRuns(
  ts: ArrayLike<number>,
  values: ArrayLike<number>,
  l: Pick<Limit, 'kind' | 'minValue' | 'maxValue'>,
  minMs: number,
): Run[] {
  const runs: Run[] = [];
  const none = Number.NEGATIVE_INFINITY;
  const dist = (v: number) =>
    l.kind === 'absent'
      ? v
      : Math.max(l.minValue !== null ? l.minValue - v : none, l.maxValue !== null ? v - l.maxValue : none);
  let start = -1;
  let worst = 0;
  let alarmAt = -1;
  const close = (endIdx: number, ongoing: boolean) => {
    if (start >= 0 && alarmAt >= 0) runs.push({ start: ts[start], end: ts[endIdx], alarmAt, worst, ongoing });
    start = -1;
    alarmAt = -1;
  };
  for (let i = 0; i < ts.length; i++) {
    const v = values[i];
    if (meets(l, v)) {
      close(i - 1, false);
      continue;
    }
    if (start < 0) {
      start = i;
      worst = v;
    } else if (dist(v) > dist(worst)) worst = v;
    if (alarmAt < 0 && ts[i] - ts[start] >= minMs) alarmAt = ts[i];
  }
  close(ts.length - 1, true);
  return runs;
}

export interface Rate {
  total: number;
  compliant: number;
  /** percent with two decimals; null when nothing was measured */
  rate: number | null;
}

export function rateOf(total: number, compliant: number): Rate {
  return { total, compliant, rate: total ? Math.round((compliant / total) * 10_000) / 100 : null };
}

/** Compliance of readings: all of them, and per bucket (`bucketOf(ts)`, e.g. the local day). */
export function compliance(
  ts: ArrayLike<number>,
  values: ArrayLike<number>,
  l: Pick<Limit, 'kind' | 'minValue' | 'maxValue'>,
  bucketOf: (t: number) => string,
): { all: Rate; buckets: Map<string, Rate> } {
  const counts = new Map<string, [number, number]>();
  let total = 0;
  let good = 0;
  for (let i = 0; i < ts.length; i++) {
    const k = bucketOf(ts[i]);
    let c = counts.get(k);
    if (!c) {
      c = [0, 0];
      counts.set(k, c);
    }
    const m = meets(l, values[i]);
    c[0]++;
    total++;
    if (m) {
      c[1]++;
      good++;
    }
  }
  return { all: rateOf(total, good), buckets: new Map([...counts].map(([k, [n, g]]) => [k, rateOf(n, g)])) };
}
