/**
 * The staff simulator (jobs leader): during working hours (08:00–12:00 and 13:30–17:30, local) every patrol person
 * with a daily route task walks the task's route back and forth at about 1.2 m/s and reports every 15 s; at the
 * first tick it catches up from the start of the working day. The route's points are joined along the tenant's
 * streets (the shortest street path between each point's nearest street point, `gis/streets.ts`), so a walk never
 * cuts across a block; a tenant without streets walks the straight lines. Positions are a pure function of (person, time),
 * so a catch-up and the live ticks give the same track. New positions go out on the live bus.
 */
import { LeaderLoop } from '../../core/jobs.ts';
import type { AppContext } from '../../core/module.ts';
import { routeAlongStreets, type StreetGraph, streetGraphOf } from '../gis/index.ts';
import { fromEpsg4548 } from '../monitor/index.ts';
import { zoneOffset } from '../patrol/index.ts';
import { type Report, storeReports } from './store.ts';

export const POSITIONS_TOPIC = 'location.positions';
export const STEP_MS = 15_000;
const SPEED = 1.2;
const DAY_MS = 86_400_000;

/** local working minutes → whether staff are out */
export function working(localMinutes: number): boolean {
  return (localMinutes >= 8 * 60 && localMinutes < 12 * 60) || (localMinutes >= 13.5 * 60 && localMinutes < 17.5 * 60);
}

function hash01(s: string, k: number) {
  let h = 0x811c9dc5 ^ k;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 4_294_967_296;
}

/** Position along a polyline walked back and forth: distance d from the start. */
export function alongRoute(route: [number, number][], d: number): [number, number] {
  const segs: number[] = [];
  let total = 0;
  for (let i = 1; i < route.length; i++) {
    const l = Math.hypot(route[i][0] - route[i - 1][0], route[i][1] - route[i - 1][1]);
    segs.push(l);
    total += l;
  }
  if (total <= 0) return route[0];
  let s = d % (2 * total);
  if (s > total) s = 2 * total - s;
  for (let i = 0; i < segs.length; i++) {
    if (s <= segs[i] || i === segs.length - 1) {
      const f = segs[i] > 0 ? Math.min(1, s / segs[i]) : 0;
      return [route[i][0] + f * (route[i + 1][0] - route[i][0]), route[i][1] + f * (route[i + 1][1] - route[i][1])];
    }
    s -= segs[i];
  }
  return route[route.length - 1];
}

export interface Walker {
  userId: string;
  tenantId: string;
  route: [number, number][];
}

/** The walkers of an instant: people with an active daily route task whose period contains it. */
export async function walkersAt(ctx: AppContext, at: Date): Promise<Walker[]> {
  const r = await ctx.database.pool.query<{ userId: string; tenantId: string; geometry: string }>(
    `select distinct on (tu.user_id) tu.user_id::text as "userId", t.tenant_id as "tenantId", p.geometry
       from swp_patrol_task t
       join swp_patrol_plan p on p.id = t.plan_id and p.scope_type = 'route'
       join swp_patrol_task_user tu on tu.task_id = t.id and tu.active = 1
      where t.period = 'daily' and t.is_deleted = 0 and t.period_start <= $1 and t.period_end > $1
      order by tu.user_id, t.id`,
    [at],
  );
  const walkers = r.rows
    .map((w) => ({ userId: w.userId, tenantId: w.tenantId, route: JSON.parse(w.geometry) as [number, number][] }))
    .filter((w) => Array.isArray(w.route) && w.route.length >= 2);
  const graphs = new Map<string, StreetGraph | null>();
  for (const w of walkers) {
    if (!graphs.has(w.tenantId)) graphs.set(w.tenantId, await streetGraphOf(ctx.db, w.tenantId));
    w.route = streetRoute(graphs.get(w.tenantId) ?? null, w.route);
  }
  return walkers;
}

const routes = new Map<string, { graph: StreetGraph; route: [number, number][] }>();

/** A plan's route joined along the streets of a graph (memoised per graph and route; at most 1,000 kept). */
export function streetRoute(graph: StreetGraph | null, route: [number, number][]): [number, number][] {
  if (!graph) return route;
  const key = JSON.stringify(route);
  const hit = routes.get(key);
  if (hit && hit.graph === graph) return hit.route;
  const walked = routeAlongStreets(graph, route);
  if (routes.size >= 1000) routes.clear();
  routes.set(key, { graph, route: walked });
  return walked;
}

/** The report of a walker at an instant (pure), or null outside working hours. */
export function reportAt(w: Walker, t: number, tz: string, offsetMs = zoneOffset(t, tz)): Report | null {
  const minutes = Math.floor(((((t + offsetMs) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
  if (!working(minutes)) return null;
  const offset = hash01(w.userId, 1) * 5000;
  const walked = (minutes >= 13.5 * 60 ? minutes - 90 : minutes) * 60 * SPEED + offset;
  const [x0, y0] = alongRoute(w.route, walked);
  const k = Math.floor(t / STEP_MS);
  const x = Math.round((x0 + (hash01(w.userId, k) - 0.5) * 6) * 100) / 100;
  const y = Math.round((y0 + (hash01(w.userId, k + 7_777_777) - 0.5) * 6) * 100) / 100;
  const { lon, lat } = fromEpsg4548(x, y);
  return {
    userId: w.userId,
    tenantId: w.tenantId,
    ts: t,
    x,
    y,
    lon: Math.round(lon * 1e7) / 1e7,
    lat: Math.round(lat * 1e7) / 1e7,
    speed: SPEED,
    accuracy: 5,
  };
}

/** Reports of every walker for the steps in (from, to] (a multiple of STEP_MS), stored; returns them. */
export async function simulate(ctx: AppContext, from: number, to: number, step = STEP_MS): Promise<Report[]> {
  const reports: Report[] = [];
  let walkers: Walker[] = [];
  let walkersDay = '';
  let offset = 0;
  let offsetHour = -1;
  for (let t = Math.floor(from / step) * step + step; t <= to; t += step) {
    const hour = Math.floor(t / 3_600_000);
    if (hour !== offsetHour) {
      offset = zoneOffset(t, ctx.config.tz);
      offsetHour = hour;
    }
    // tasks are per local day
    const day = String(Math.floor((t + offset) / DAY_MS));
    if (day !== walkersDay) {
      walkers = await walkersAt(ctx, new Date(t));
      walkersDay = day;
    }
    for (const w of walkers) {
      const r = reportAt(w, t, ctx.config.tz, offset);
      if (r) reports.push(r);
    }
  }
  if (reports.length) await storeReports(ctx.database.pool, reports);
  return reports;
}

export class StaffSimulator {
  private loop?: LeaderLoop;
  private last = 0;

  constructor(private ctx: AppContext) {}

  start() {
    this.loop = new LeaderLoop(this.ctx, 'location simulator', () => this.tick(), STEP_MS);
    this.loop.start(0);
  }

  async tick(now = Date.now()): Promise<number> {
    if (!this.last) {
      const r = await this.ctx.database.pool.query<{ t: number | null }>(
        `select (extract(epoch from max(ts)) * 1000)::float8 as t from swp_location_latest`,
      );
      // catch up at most 12 hours
      this.last = Math.max(r.rows[0].t ?? 0, now - 12 * 3_600_000);
    }
    const reports = await simulate(this.ctx, this.last, now);
    this.last = now;
    const latest = new Map<string, (typeof reports)[number]>();
    for (const r of reports) latest.set(r.userId, r);
    await publishPositions(this.ctx, [...latest.values()]);
    return reports.length;
  }

  async stop() {
    await this.loop?.stop();
  }
}

/** Publishes the newest positions (small payloads: NOTIFY caps at 8000 bytes). */
export async function publishPositions(ctx: AppContext, latest: Report[]): Promise<void> {
  const byTenant = new Map<string, Report[]>();
  for (const r of latest) byTenant.set(r.tenantId, [...(byTenant.get(r.tenantId) ?? []), r]);
  for (const [tenantId, list] of byTenant) {
    for (let i = 0; i < list.length; i += 40) {
      await ctx.live.publish({
        topic: POSITIONS_TOPIC,
        tenantId,
        data: list
          .slice(i, i + 40)
          .map((r) => ({ userId: r.userId, ts: r.ts, x: r.x, y: r.y, lon: r.lon, lat: r.lat })),
      });
    }
  }
}
