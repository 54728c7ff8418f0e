/**
 * The one ingest path of the time-series store, whoever sends the readings: the simulator (backfill and live feed),
 * devices over MQTT and HTTP (modules/iot), the CLI. It writes raw points with their rollups and series bounds in
 * one statement per chunk (store.ts), tells the live views which tenants got new points (at most once a second per
 * tenant, so a busy stream does not flood the bus), and keeps the embedded database's planner statistics fresh.
 */
import type { AppContext } from '../../core/module.ts';
import { analyzeTables, ingest, type PointArrays } from './store.ts';

export const LIVE_TOPIC = 'monitor.points';
/** The embedded database has no autovacuum: statistics are refreshed after this many points or this long. */
const ANALYZE_POINTS = 50_000;
const ANALYZE_EVERY_MS = 6 * 3_600_000;
const NOTIFY_EVERY_MS = 1000;

interface IngestState {
  analyzedAt: number;
  sinceAnalyze: number;
  analyzing: boolean;
  /** per tenant: when the last live event went out, and whether one is waiting */
  notified: Map<string, { at: number; timer?: NodeJS.Timeout; points: number }>;
}
const states = new WeakMap<AppContext, IngestState>();
function stateOf(ctx: AppContext): IngestState {
  let s = states.get(ctx);
  if (!s) {
    s = { analyzedAt: Date.now(), sinceAnalyze: 0, analyzing: false, notified: new Map() };
    states.set(ctx, s);
  }
  return s;
}

export interface IngestOptions {
  /** tenants whose live views should refresh (omit for bulk loads: backfill, CLI) */
  tenants?: Iterable<string>;
}

/** Stores points (any order, any series; duplicates of stored points are skipped); returns how many were new. */
export async function ingestReadings(ctx: AppContext, points: PointArrays, opts: IngestOptions = {}): Promise<number> {
  const added = await ingest(ctx.database.pool, ctx.database.url, ctx.config.tz, points);
  // after the callers' own bookkeeping of this write (a device's contact record), so a screen that reloads on the
  // event sees it
  if (added > 0 && opts.tenants) {
    const tenants = [...opts.tenants];
    setImmediate(() => {
      for (const t of tenants) notify(ctx, t, added);
    });
  }
  const st = stateOf(ctx);
  st.sinceAnalyze += added;
  const now = Date.now();
  if (
    ctx.database.kind === 'embedded' &&
    opts.tenants &&
    !st.analyzing &&
    (st.sinceAnalyze > ANALYZE_POINTS || now - st.analyzedAt > ANALYZE_EVERY_MS)
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

/** A live event to every open screen of the tenant, at most once a second (later points ride on a timer). */
function notify(ctx: AppContext, tenantId: string, points: number) {
  const st = stateOf(ctx);
  const n = st.notified.get(tenantId) ?? { at: 0, points: 0 };
  st.notified.set(tenantId, n);
  n.points += points;
  if (n.timer) return;
  const send = () => {
    n.timer = undefined;
    n.at = Date.now();
    const data = { points: n.points };
    n.points = 0;
    void ctx.live.publish({ topic: LIVE_TOPIC, tenantId, toSockets: true, data }).catch(() => {});
  };
  const wait = n.at + NOTIFY_EVERY_MS - Date.now();
  if (wait <= 0) send();
  else {
    n.timer = setTimeout(send, wait);
    n.timer.unref?.();
  }
}
