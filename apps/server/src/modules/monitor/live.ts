/**
 * Live points: in the leader instance only (ServerModule.lead), every minute the simulator appends the readings
 * that became due since each series' last point (catching up after downtime, at most `monitorBackfillDays`), and a
 * small live event tells screens that new points arrived.
 */
import { LeaderLoop } from '../../core/jobs.ts';
import type { AppContext } from '../../core/module.ts';
import { fill, lastDue, simulatedSeries } from './seed.ts';
import { analyzeTables } from './store.ts';

/** The embedded database has no autovacuum: the feed refreshes planner statistics itself this often. */
const ANALYZE_EVERY_MS = 6 * 3_600_000;

export const LIVE_TOPIC = 'monitor.points';
export const TICK_MS = 60_000;

export class LiveFeed {
  private loop?: LeaderLoop;
  private analyzedAt = Date.now();
  private sinceAnalyze = 0;

  constructor(
    private ctx: AppContext,
    private tickMs = TICK_MS,
  ) {}

  start() {
    this.loop = new LeaderLoop(this.ctx, 'monitor live feed', () => this.tick(), this.tickMs);
    this.loop.start(0);
  }

  /** Appends every due point; returns how many were new. */
  async tick(now = Date.now()): Promise<number> {
    const series = await simulatedSeries(this.ctx);
    const maxBack = Math.max(1, this.ctx.config.monitorBackfillDays) * 86_400_000;
    const added = await fill(this.ctx, series, (s) => {
      const step = s.stepSeconds * 1000;
      const from = s.lastTs ? s.lastTs.getTime() + step : now - maxBack;
      return [Math.max(from, now - maxBack), lastDue(now, s.field, s.stepSeconds)];
    });
    if (added > 0) await this.ctx.live.publish({ topic: LIVE_TOPIC, data: { points: added } });
    this.sinceAnalyze += added;
    if (
      this.ctx.database.kind === 'embedded' &&
      (this.sinceAnalyze > 50_000 || now - this.analyzedAt > ANALYZE_EVERY_MS)
    ) {
      await analyzeTables(this.ctx.database.pool);
      this.analyzedAt = now;
      this.sinceAnalyze = 0;
    }
    return added;
  }

  async stop() {
    await this.loop?.stop();
  }
}
