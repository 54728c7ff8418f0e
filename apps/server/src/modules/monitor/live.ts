/**
 * Live points: in the leader instance only (a leaderJob of index.ts), every minute the simulator appends the
 * readings that became due since each series' last point (catching up after downtime, at most
 * `monitorBackfillDays`), and a small live event tells screens that new points arrived. Stations whose simulation is
 * switched off are skipped.
 */
import type { AppContext } from '../../core/module.ts';
import { fill, lastDue, simulatedSeries } from './seed.ts';

export { LIVE_TOPIC } from './ingest.ts';
export const TICK_MS = 60_000;

export class LiveFeed {
  constructor(private ctx: AppContext) {}

  /** Appends every due point; returns how many were new. */
  async tick(now = Date.now()): Promise<number> {
    const series = await simulatedSeries(this.ctx);
    const maxBack = Math.max(1, this.ctx.config.monitorBackfillDays) * 86_400_000;
    // the same ingest path as devices: live event to the tenants' screens, statistics kept fresh (ingest.ts)
    return fill(
      this.ctx,
      series,
      (s) => {
        const step = s.stepSeconds * 1000;
        const from = s.lastTs ? s.lastTs.getTime() + step : now - maxBack;
        return [Math.max(from, now - maxBack), lastDue(now, s.field, s.stepSeconds)];
      },
      undefined,
      true,
    );
  }
}
