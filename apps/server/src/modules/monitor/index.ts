/**
 * Water monitoring (spec 1 §2.13, §3, §4, §7.3): stations and series, the time-series store with rollups, the
 * deterministic simulator that feeds the demo utility, and the history query and export.
 */
import { leaderJob } from '../../core/jobs.ts';
import type { AppContext, ServerModule } from '../../core/module.ts';
import { closeRollupMergers, flushRollups } from './ingest.ts';
import { LiveFeed, TICK_MS } from './live.ts';
import { monitorRoutes } from './routes.ts';
import { seedMonitor } from './seed.ts';

export { FIELDS, MONITOR_TYPE_DEFS, PUMP_FIELD, STATION_TYPES } from './fields.ts';
export { fromEpsg4548, toEpsg4548 } from './geo.ts';
export { importSeries, type SeriesImportOptions, type SeriesReport, seriesImportOptions } from './import-series.ts';
export { flushRollups, ingestReadings, LIVE_TOPIC, type LivePoints, type LiveReading } from './ingest.ts';
export { monitorSeries, monitorStation } from './schema.ts';
export {
  history,
  resolveStation,
  type SeriesRow,
  seriesByCode,
  seriesOf,
  stationPage,
  stationPlace,
  stationView,
} from './service.ts';
export { demand } from './simulator.ts';
export { type NewStation, upsertStations } from './stations-import.ts';
export { COPY_CHUNK, ingest, type PointArrays, readRaw, readRollups, UNNEST_TXN } from './store.ts';

/** The simulator's live feed (live.ts), in the jobs leader only. */
const liveFeed = leaderJob('monitor live feed', (ctx: AppContext) => new LiveFeed(ctx).tick(), TICK_MS);

export const monitorModule: ServerModule = {
  name: 'monitor',
  uses: ['system'],
  routes: monitorRoutes,
  seed: (ctx: AppContext) => seedMonitor(ctx),
  lead(ctx: AppContext) {
    liveFeed.lead(ctx);
    // rollups journaled before the last stop (rollup-journal.ts)
    void flushRollups(ctx).catch((err) => console.error('[monitor] rollup journal merge failed:', err));
  },
  async stop() {
    closeRollupMergers();
    await liveFeed.stop();
  },
};
