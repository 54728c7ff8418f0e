/**
 * 水质管理 (issue 21, docs/quality.md): GB 5749-2022 indicators and limits per utility, online quality stations
 * against the limits (exceedance alarms with a minimum duration, compliance rates), sampling plans and tasks,
 * laboratory results (entered or imported) with alarms for failures, and the monthly report. Depends on monitor
 * (stations, series, raw points), alarm (raiseAlarm) and system (menus).
 */

import { leaderJob } from '../../core/jobs.ts';
import type { AppContext, ServerModule } from '../../core/module.ts';
import { formatDate } from '../../core/time.ts';
import { onTenantProvisioned } from '../system/index.ts';
import { WATCH_TICK_MS, watchAll } from './online.ts';
import { qualityRoutes } from './routes.ts';
import { seedIndicators, seedQuality } from './seed.ts';
import { generateToday } from './tasks.ts';

export { markSampled, mySamplingTasks, SAMPLING_MSG, type SampledInput } from './field.ts';
export { compliance, convertUnit, exceedanceRuns, limitFor, meets } from './limits.ts';
export { onlineCompliance } from './online.ts';

/** A utility created after start-up gets the routine indicators with its other defaults, in the same transaction. */
const provisionIndicators = (tx: unknown, tenantId: string) => seedIndicators({ db: tx as AppContext['db'] }, tenantId);

/** The exceedance watch of the online points. */
const watch = leaderJob('quality exceedance watch', watchAll, WATCH_TICK_MS, 30_000);
/** Today's sampling tasks, checked hourly (a new day or a new plan). */
const tasks = leaderJob(
  'quality sampling tasks',
  (ctx: AppContext) => generateToday(ctx, formatDate(new Date())),
  3_600_000,
  45_000,
);

export const qualityModule: ServerModule = {
  name: 'quality',
  uses: ['alarm', 'monitor', 'system'],
  init() {
    onTenantProvisioned(provisionIndicators);
  },
  routes: qualityRoutes,
  seed: (ctx: AppContext) => seedQuality(ctx),
  lead(ctx: AppContext) {
    watch.lead(ctx);
    tasks.lead(ctx);
  },
  async stop() {
    await Promise.all([watch.stop(), tasks.stop()]);
  },
};
