/**
 * Devices and their rules (`/swp-admin/device-base`, spec 2 §3, §7): valves, water-quality analysers, pumps and
 * cameras linked to network features and monitoring stations; rules saved, run and stopped; running rules judged
 * by the jobs leader (engine.ts), their findings raised as alarms through modules/alarm.
 */

import { leaderJob } from '../../core/jobs.ts';
import type { AppContext, ServerModule } from '../../core/module.ts';
import { evaluateRunningRules, RULE_TICK_MS } from './engine.ts';
import { deviceRoutes } from './routes.ts';
import { seedDevice } from './seed.ts';

export { evaluateRunningRules } from './engine.ts';
export { evaluateField, evaluateOffline, evaluateRule, type Finding, type Reading } from './rules.ts';
/** The device register other modules join with (never through db/schema.ts). */
export { deviceBase } from './schema.ts';
export { DEVICE_TYPES, type DeviceType } from './service.ts';

/** The rule engine, in the jobs leader only. */
const rules = leaderJob('device rules', evaluateRunningRules, RULE_TICK_MS, 15_000);

export const deviceModule: ServerModule = {
  name: 'device',
  uses: ['alarm', 'gis', 'monitor', 'system'],
  routes: deviceRoutes,
  seed: (ctx: AppContext) => seedDevice(ctx),
  lead: rules.lead,
  stop: rules.stop,
};
