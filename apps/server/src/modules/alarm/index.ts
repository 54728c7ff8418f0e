/**
 * Alarms (`/swp-alarm/alarm-info`, spec 2 §7): raised by running device rules (modules/device calls `raiseAlarm`)
 * and by burst detection per DMA in the jobs leader; the list, closing one or many, export, burst evidence; the
 * bell of the people on duty (holders of the alarm list screen) through modules/message.
 */

import { leaderJob } from '../../core/jobs.ts';
import type { AppContext, ServerModule } from '../../core/module.ts';
import { BURST_TICK_MS, detectBursts } from './detector.ts';
import { alarmRoutes } from './routes.ts';
import { seedAlarm } from './seed.ts';

export { judgeNights, judgeStep, nightMinimums, scanSteps } from './burst.ts';
export { detectBursts } from './detector.ts';
export { type Dma, listDmas } from './dmas.ts';
export {
  ALARM_LEVELS,
  ALARM_MENU,
  ALARM_TYPES,
  type AlarmType,
  closeSeeded,
  onDutyUsers,
  openRuleAlarmsBefore,
  type RaiseInput,
  type RaiseResult,
  raiseAlarm,
} from './service.ts';

/** Burst detection, in the jobs leader only. */
const bursts = leaderJob('alarm burst detection', detectBursts, BURST_TICK_MS, 30_000);

/** The alarm register the big screen counts (never through db/schema.ts). */
export { alarmInfo } from './schema.ts';

export const alarmModule: ServerModule = {
  name: 'alarm',
  uses: ['gis', 'message', 'monitor', 'system', 'workflow'],
  routes: alarmRoutes,
  seed: (ctx: AppContext) => seedAlarm(ctx),
  lead: bursts.lead,
  stop: bursts.stop,
};
