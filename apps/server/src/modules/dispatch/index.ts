/**
 * 供水调度 (issue 21, docs/dispatch.md): the live process diagram with its saved layout, dispatch orders on the
 * workflow engine (`dispatch_order`) with escalation in the jobs leader, and the supply forecast with its error.
 * Depends on monitor (stations, series, rollups), workflow (startProcess, completeNodeTask, onInstanceEnded),
 * alarm (raiseAlarm) and message (sendMessage).
 */
import { leaderJob } from '../../core/jobs.ts';
import type { AppContext, ServerModule } from '../../core/module.ts';
import { onInstanceEnded } from '../workflow/index.ts';
import { ESCALATE_EVERY_MS, escalateOverdue } from './escalate.ts';
import { ORDER_PROCESS, orderEnded } from './orders.ts';
import { dispatchRoutes } from './routes.ts';
import { seedDispatch } from './seed.ts';

export { PRESSURE_BAND, pressureCompliance } from './compliance.ts';
export { diagramOf, isStale } from './diagram.ts';
export { escalateOverdue } from './escalate.ts';
export { forecastAccuracy, supplyPlan } from './forecast.ts';

const escalation = leaderJob('dispatch escalation', escalateOverdue, ESCALATE_EVERY_MS, ESCALATE_EVERY_MS);

/** The dispatch orders the big screen counts (never through db/schema.ts). */
export { dispatchOrder } from './schema.ts';

export const dispatchModule: ServerModule = {
  name: 'dispatch',
  uses: ['alarm', 'message', 'monitor', 'system', 'workflow'],
  init() {
    onInstanceEnded(ORDER_PROCESS, orderEnded);
  },
  routes: dispatchRoutes,
  seed: (ctx: AppContext) => seedDispatch(ctx),
  lead: escalation.lead,
  stop: escalation.stop,
};
