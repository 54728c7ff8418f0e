/**
 * Plan periods. A plan runs from its start date to its end date (inclusive, local dates of the utility's time zone)
 * and makes one task per period: each day (daily), each ISO week Monday–Sunday (weekly) or each calendar month
 * (monthly), the first and last period clipped to the plan's dates. A period starts at local midnight of its first
 * day and ends (exclusive) at local midnight after its last day, so a day is 23 or 25 hours across a DST change.
 */

export type PeriodKind = 'daily' | 'weekly' | 'monthly';
export const PERIOD_KINDS: PeriodKind[] = ['daily', 'weekly', 'monthly'];

export interface PeriodSlot {
  /** first and last local day, YYYY-MM-DD */
  firstDay: string;
  lastDay: string;
  /** instants: local midnight of firstDay, local midnight after lastDay (exclusive) */
  start: Date;
  end: Date;
}

const DAY = 86_400_000;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses YYYY-MM-DD as a calendar day (UTC midnight of it); undefined when it is not a real date. */
export function parseDay(s: string): number | undefined {
  const m = ISO.exec(s);
  if (!m) return undefined;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3]))
    return undefined;
  return t;
}

export const dayString = (t: number) => new Date(t).toISOString().slice(0, 10);

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Offset of a time zone at an instant, ms (local − UTC). */
export function zoneOffset(instant: number, tz: string): number {
  let f = offsetFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  const local = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** The instant of local midnight starting a calendar day (given as its UTC-midnight ms) in a time zone. */
export function localMidnight(day: number, tz: string): Date {
  let t = day - zoneOffset(day, tz);
  // once more with the offset in force at that instant (a DST change near midnight)
  t = day - zoneOffset(t, tz);
  return new Date(t);
}

/** The local calendar day (UTC-midnight ms) of an instant in a time zone. */
export function localDay(instant: number, tz: string): number {
  const l = instant + zoneOffset(instant, tz);
  return l - (((l % DAY) + DAY) % DAY);
}

function periodBounds(kind: PeriodKind, day: number): [number, number] {
  if (kind === 'daily') return [day, day];
  const d = new Date(day);
  if (kind === 'weekly') {
    const dow = (d.getUTCDay() + 6) % 7; // Monday 0
    const monday = day - dow * DAY;
    return [monday, monday + 6 * DAY];
  }
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const last = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0);
  return [first, last];
}

/**
 * The periods of a plan (clipped to its dates), optionally only those overlapping the local days [fromDay, toDay].
 * Throws on dates that are not real days.
 */
export function expandPeriods(
  kind: PeriodKind,
  startDate: string,
  endDate: string,
  tz: string,
  window?: { fromDay?: string; toDay?: string },
): PeriodSlot[] {
  const s = parseDay(startDate);
  const e = parseDay(endDate);
  if (s === undefined || e === undefined) throw new Error(`invalid plan dates ${startDate} – ${endDate}`);
  let from = s;
  let to = e;
  if (window?.fromDay) from = Math.max(from, parseDay(window.fromDay) ?? from);
  if (window?.toDay) to = Math.min(to, parseDay(window.toDay) ?? to);
  const out: PeriodSlot[] = [];
  let day = from;
  while (day <= to) {
    const [ps, pe] = periodBounds(kind, day);
    const first = Math.max(ps, s);
    const last = Math.min(pe, e);
    out.push({
      firstDay: dayString(first),
      lastDay: dayString(last),
      start: localMidnight(first, tz),
      end: localMidnight(last + DAY, tz),
    });
    day = pe + DAY;
  }
  return out;
}

/** 0 pending, 1 in progress, 2 finished, 3 overdue. */
export const TASK_STATUS = { pending: 0, running: 1, finished: 2, overdue: 3 } as const;

/** A task not finished by the end of its period is overdue (it may still be finished, late). */
export function isOverdue(task: { taskStatus: number; periodEnd: Date }, now: Date): boolean {
  return task.taskStatus !== TASK_STATUS.finished && now.getTime() >= task.periodEnd.getTime();
}

/** Finished within the grace minutes after the period end. */
export function isPunctual(task: { finishTime?: Date | null; periodEnd: Date }, graceMinutes: number): boolean {
  return !!task.finishTime && task.finishTime.getTime() <= task.periodEnd.getTime() + graceMinutes * 60_000;
}
