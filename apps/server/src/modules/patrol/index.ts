/**
 * Patrol (巡检, spec 2 §1–§3, §7 "Patrol"): types, job objects, plans and their audit, the scheduler that turns
 * approved plans into tasks in the jobs leader, check-ins, reassignment, the access rule index and the overview.
 * A hazard reported at check-in starts the workflow's 巡检隐患处理 process and follows its end (hazard.ts): patrol
 * uses workflow through its index.ts, and workflow never imports patrol.
 */
import { leaderJob } from '../../core/jobs.ts';
import type { AppContext, ServerModule } from '../../core/module.ts';
import { onInstanceEnded } from '../workflow/index.ts';
import { HAZARD_PROCESS } from './catalog.ts';
import { catalogRoutes } from './catalog-routes.ts';
import { hazardProcessEnded } from './hazard.ts';
import { overviewRoutes } from './overview.ts';
import { planRoutes } from './plan.ts';
import { ruleRoutes } from './rules.ts';
import { PatrolScheduler, SCHEDULE_MS } from './scheduler.ts';
import { seedPatrol } from './seed.ts';
import { taskRoutes } from './task-routes.ts';

export { HAZARD_PROCESS, HAZARD_STATUS } from './catalog.ts';
export { dateBound, deptTree } from './common.ts';
export { byMenu, signedIn } from './grants.ts';
export { localDay, zoneOffset } from './periods.ts';
/** The task table the screens count (never through db/schema.ts). */
export { patrolTask } from './schema.ts';
export {
  CHECK_BODY,
  type CheckInput,
  type CheckOutcome,
  checkIn,
  fieldOnly,
  finishTask,
  myTaskDetail,
  myTasks,
  startTask,
  TASK_MSG,
  taskDetail,
} from './task.ts';
export { schedule } from './tasks.ts';

/** The scheduler (scheduler.ts), in the jobs leader only. */
const scheduler = leaderJob('patrol scheduler', (ctx: AppContext) => new PatrolScheduler(ctx).tick(), SCHEDULE_MS);

export const patrolModule: ServerModule = {
  name: 'patrol',
  uses: ['monitor', 'system', 'user', 'workflow'],
  init() {
    // once per process; registering the same function again is a no-op
    onInstanceEnded(HAZARD_PROCESS, hazardProcessEnded);
  },
  routes(app, ctx: AppContext) {
    catalogRoutes(app, ctx);
    planRoutes(app, ctx);
    taskRoutes(app, ctx);
    ruleRoutes(app, ctx);
    overviewRoutes(app, ctx);
  },
  seed: (ctx: AppContext) => seedPatrol(ctx),
  lead: scheduler.lead,
  stop: scheduler.stop,
};
