/**
 * The one ingest path of the time-series store, whoever sends the readings: the simulator (backfill and live feed),
 * devices over MQTT and HTTP (modules/iot), the CLI. It writes raw points with their rollups and series bounds in
 * one statement per chunk (store.ts), tells the live views which tenants got new points (at most once a second per
 * tenant, so a busy stream does not flood the bus), and keeps the embedded database's planner statistics fresh.
 *
 * The live event carries the new latest values themselves (`values`, see LiveReading), read from the series' own
 * last point after the write, so a diagram or a wall display applies them without re-reading its whole screen
 * (docs/screen.md, "Live figures"). NOTIFY caps a payload at 8000 bytes: the values go in slices of
 * LIVE_VALUES_PER_EVENT, one event each; past LIVE_VALUES_MAX (a bulk load) the event carries the count only and
 * the views re-read.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { FIELDS } from './fields.ts';
import { RollupMerger } from './rollup-journal.ts';
import { monitorSeries, monitorStation } from './schema.ts';
import { analyzeTables, ingest, type PointArrays } from './store.ts';

export const LIVE_TOPIC = 'monitor.points';
/**
 * The embedded database has no autovacuum: statistics are refreshed after this many points (but not more often than
 * ANALYZE_GAP_MS: at 20,000 points a second every 2.5 s would take a tenth of its one connection) or this long.
 */
const ANALYZE_POINTS = 50_000;
const ANALYZE_GAP_MS = 60_000;
const ANALYZE_EVERY_MS = 6 * 3_600_000;
/**
 * On the embedded database a live write of at least this many points journals its rollups for a merge a moment
 * later (rollup-journal.ts): a steady stream of thousands of series then acknowledges in a fraction of the time.
 * Smaller writes merge at once, so a single device's reading is in the rollups when its acknowledgement arrives.
 */
export const JOURNAL_MIN_POINTS = 5_000;
const NOTIFY_EVERY_MS = 1000;
export const LIVE_VALUES_PER_EVENT = 100;
export const LIVE_VALUES_MAX = 3000;

/**
 * One new latest value in a live event: station code, field, value (rounded as the field is shown), the point's
 * time (epoch ms) and the series' reporting step (seconds, for staleness). A tuple keeps the event small.
 */
export type LiveReading = [stcd: string, field: string, value: number, ts: number, step: number];
/** The data of a `monitor.points` event: how many points arrived, and the new latest values when they fit. */
export interface LivePoints {
  points: number;
  values?: LiveReading[];
}

interface IngestState {
  merger: RollupMerger;
  analyzedAt: number;
  sinceAnalyze: number;
  analyzing: boolean;
  /** per tenant: when the last live event went out, whether one is waiting, and the series written since */
  notified: Map<string, { at: number; timer?: NodeJS.Timeout; points: number; series: Set<number> }>;
}
const states = new WeakMap<AppContext, IngestState>();
const mergers = new Set<RollupMerger>();
function stateOf(ctx: AppContext): IngestState {
  let s = states.get(ctx);
  if (!s) {
    s = {
      merger: new RollupMerger(ctx.database.pool, ctx.config.tz),
      analyzedAt: Date.now(),
      sinceAnalyze: 0,
      analyzing: false,
      notified: new Map(),
    };
    states.set(ctx, s);
    mergers.add(s.merger);
  }
  return s;
}

export interface IngestOptions {
  /** tenants whose live views should refresh (omit for bulk loads: backfill, CLI) */
  tenants?: Iterable<string>;
}

/** Stores points (any order, any series; duplicates of stored points are skipped); returns how many were new. */
export async function ingestReadings(ctx: AppContext, points: PointArrays, opts: IngestOptions = {}): Promise<number> {
  const st = stateOf(ctx);
  const added = await ingest(ctx.database.pool, ctx.database.url, ctx.config.tz, points, {
    copy: ctx.database.kind === 'postgresql',
    journal: ctx.database.kind === 'embedded' && !!opts.tenants && points.ts.length >= JOURNAL_MIN_POINTS,
    onJournaled: () => st.merger.journaled(),
  });
  // after the callers' own bookkeeping of this write (a device's contact record), so a screen that reloads on the
  // event sees it
  if (added > 0 && opts.tenants) {
    const tenants = [...opts.tenants];
    const series = new Set<number>();
    for (let i = 0; i < points.seriesIds.length; i++) series.add(points.seriesIds[i]);
    setImmediate(() => {
      for (const t of tenants) notify(ctx, t, added, series);
    });
  }
  st.sinceAnalyze += added;
  const now = Date.now();
  const since = now - st.analyzedAt;
  if (
    ctx.database.kind === 'embedded' &&
    opts.tenants &&
    !st.analyzing &&
    ((st.sinceAnalyze > ANALYZE_POINTS && since > ANALYZE_GAP_MS) || since > ANALYZE_EVERY_MS)
  ) {
    st.analyzedAt = now;
    st.sinceAnalyze = 0;
    // in the background: a device's acknowledgement must not wait seconds for the statistics
    st.analyzing = true;
    void analyzeTables(ctx.database.pool)
      .catch((err) => console.error('[monitor] analyze failed:', err))
      .finally(() => {
        st.analyzing = false;
      });
  }
  return added;
}

/** Merges the rollups journaled so far (rollup-journal.ts) and resolves when they are all in the rollup tables. */
export function flushRollups(ctx: AppContext): Promise<void> {
  return stateOf(ctx).merger.flush();
}

/** Stops the merge schedules of every context (their journals wait for the next start). */
export function closeRollupMergers() {
  for (const m of mergers) m.close();
  mergers.clear();
}

/**
 * The tenant's latest value of each of these series (the series' own last point, kept by the same statement that
 * stored the points), rounded as the field is shown; null past `LIVE_VALUES_MAX` series.
 */
export async function latestReadings(
  ctx: AppContext,
  tenantId: string,
  seriesIds: number[],
): Promise<LiveReading[] | null> {
  if (!seriesIds.length) return [];
  if (seriesIds.length > LIVE_VALUES_MAX) return null;
  const rows = await ctx.db
    .select({
      stcd: monitorStation.stcd,
      field: monitorSeries.field,
      step: monitorSeries.stepSeconds,
      ts: monitorSeries.lastTs,
      value: monitorSeries.lastValue,
    })
    .from(monitorSeries)
    .innerJoin(monitorStation, eq(monitorStation.id, monitorSeries.stationId))
    .where(and(inArray(monitorSeries.id, seriesIds), liveInTenant(monitorStation, tenantId)));
  const out: LiveReading[] = [];
  for (const r of rows) {
    if (r.ts === null || r.value === null) continue;
    out.push([r.stcd, r.field, Number(r.value.toFixed(FIELDS[r.field]?.decimals ?? 2)), r.ts.getTime(), r.step]);
  }
  return out;
}

/** A live event to every open screen of the tenant, at most once a second (later points ride on a timer). */
function notify(ctx: AppContext, tenantId: string, points: number, series: Set<number>) {
  const st = stateOf(ctx);
  const n = st.notified.get(tenantId) ?? { at: 0, points: 0, series: new Set<number>() };
  st.notified.set(tenantId, n);
  n.points += points;
  for (const id of series) n.series.add(id);
  if (n.timer) return;
  const send = async () => {
    n.timer = undefined;
    n.at = Date.now();
    const count = n.points;
    const ids = [...n.series];
    n.points = 0;
    n.series = new Set();
    const values = await latestReadings(ctx, tenantId, ids).catch(() => null);
    const publish = (data: LivePoints) =>
      ctx.live.publish({ topic: LIVE_TOPIC, tenantId, toSockets: true, data }).catch(() => {});
    if (!values) return void publish({ points: count });
    // the first slice carries the count; an empty write still announces itself
    for (let i = 0; i < Math.max(1, values.length); i += LIVE_VALUES_PER_EVENT)
      await publish({ points: i === 0 ? count : 0, values: values.slice(i, i + LIVE_VALUES_PER_EVENT) });
  };
  const wait = n.at + NOTIFY_EVERY_MS - Date.now();
  if (wait <= 0) void send();
  else {
    n.timer = setTimeout(() => void send(), wait);
    n.timer.unref?.();
  }
}
