/**
 * The demo utility's traces: the simulated patrol walks of today until now (or of yesterday, before today's
 * working hours begin), one report a minute (the simulator's own 15-second grid, every fourth point), set once
 * while no position is stored, so the live map and the trace playback have data on first start.
 */
import type { AppContext } from '../../core/module.ts';
import { localDay, zoneOffset } from '../patrol/index.ts';
import { simulate } from './simulator.ts';

const DAY = 86_400_000;

export async function seedLocation(ctx: AppContext, now = Date.now()): Promise<void> {
  const r = await ctx.database.pool.query('select 1 from swp_location_position limit 1');
  if (r.rowCount) return;
  const tz = ctx.config.tz;
  const today = localDay(now, tz);
  let from = today - zoneOffset(today, tz);
  // before 08:00 there is nothing yet today: the previous day
  if (now - from < 8 * 3_600_000) from -= DAY;
  await simulate(ctx, from, Math.min(now, from + DAY), 60_000);
}
