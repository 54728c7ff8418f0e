/**
 * Rule evaluation, pure: what a device rule finds in a window of readings. The jobs leader feeds it the readings
 * that arrived since the rule's watermark (and a few before, for the rate of change and the report count).
 *
 * - threshold: a reading above `upper` or below `lower`, for `reportNum` consecutive readings (valves; 1 elsewhere)
 * - rate: the change between two consecutive readings, per hour, beyond `ratePerHour` (absolute)
 * - offline: no reading of any field for more than `offlineMinutes` before `now`
 *
 * Only readings after `since` can raise a finding (the ones before it were judged on an earlier run); each kind
 * and field yields at most one finding per run: the first breach, with how many readings breached.
 */
import type { RuleItem } from './schema.ts';

export interface Reading {
  /** epoch ms */
  ts: number;
  value: number;
}

export interface RuleSpec {
  items: RuleItem[];
  offlineMinutes?: number | null;
  /** consecutive readings beyond a limit before a threshold finding (≥ 1) */
  reportNum?: number;
}

export type FindingKind = 'upper' | 'lower' | 'rate' | 'offline';

export interface Finding {
  kind: FindingKind;
  field: string | null;
  /** the reading that raised it (offline: minutes without data) */
  value: number;
  /** the limit it crossed */
  limit: number;
  /** epoch ms of the reading (offline: when the timeout ran out) */
  ts: number;
  /** readings in the window that breached */
  count: number;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Threshold and rate findings of one field. `series` ascending; only readings with ts > since raise. */
export function evaluateField(item: RuleItem, series: Reading[], since: number, reportNum = 1): Finding[] {
  const out: Finding[] = [];
  const need = Math.max(1, Math.floor(reportNum));
  for (const kind of ['upper', 'lower'] as const) {
    const limit = kind === 'upper' ? item.upper : item.lower;
    if (!finite(limit)) continue;
    const beyond = (v: number) => (kind === 'upper' ? v > limit : v < limit);
    let run = 0;
    let first: Finding | undefined;
    for (const r of series) {
      run = beyond(r.value) ? run + 1 : 0;
      if (run >= need && r.ts > since) {
        if (!first) first = { kind, field: item.field, value: r.value, limit, ts: r.ts, count: 0 };
        first.count++;
      }
    }
    if (first) out.push(first);
  }
  if (finite(item.ratePerHour) && item.ratePerHour > 0) {
    let first: Finding | undefined;
    for (let i = 1; i < series.length; i++) {
      const a = series[i - 1];
      const b = series[i];
      if (b.ts <= since || b.ts <= a.ts) continue;
      const perHour = ((b.value - a.value) / (b.ts - a.ts)) * 3_600_000;
      if (Math.abs(perHour) > item.ratePerHour) {
        if (!first)
          first = {
            kind: 'rate',
            field: item.field,
            value: round(perHour),
            limit: item.ratePerHour,
            ts: b.ts,
            count: 0,
          };
        first.count++;
      }
    }
    if (first) out.push(first);
  }
  return out;
}

/** Minutes since the newest reading when that exceeds the timeout; `lastTs` null = never reported. */
export function evaluateOffline(
  offlineMinutes: number | null | undefined,
  lastTs: number | null,
  now: number,
  runningSince: number,
): Finding | null {
  if (!finite(offlineMinutes) || offlineMinutes <= 0) return null;
  // a device that never reported counts from the moment its rule started
  const from = lastTs ?? runningSince;
  const silent = (now - from) / 60_000;
  if (silent <= offlineMinutes) return null;
  // stamped when the timeout ran out: one offline spell is one occurrence however often it is checked
  return {
    kind: 'offline',
    field: null,
    value: Math.floor(silent),
    limit: offlineMinutes,
    ts: from + offlineMinutes * 60_000,
    count: 1,
  };
}

/** Every finding of a rule over the readings of its fields. */
export function evaluateRule(
  rule: RuleSpec,
  readings: Record<string, Reading[]>,
  since: number,
  now: number,
  lastTs: number | null,
  runningSince = since,
): Finding[] {
  const out: Finding[] = [];
  for (const item of rule.items) out.push(...evaluateField(item, readings[item.field] ?? [], since, rule.reportNum));
  const off = evaluateOffline(rule.offlineMinutes, lastTs, now, runningSince);
  if (off) out.push(off);
  return out;
}

function round(v: number) {
  return Math.round(v * 1000) / 1000;
}
