import type { ScreenLoader } from '../registry';

/** Patrol (运维管理 › 巡检管理): the menu paths of the patrol module's seed (staff location: features/location). */
export const screens: Record<string, ScreenLoader> = {
  '/patrol/overview': () => import('./overview/OverviewPage'),
  '/patrol/plan': () => import('./plan/PlanPage'),
  '/patrol/task': () => import('./task/TaskPage'),
  '/patrol/jobObject': () => import('./catalog/JobObjectPage'),
  '/patrol/type': () => import('./catalog/TypePage'),
  '/patrol/accessRule': () => import('./rule/AccessRulePage'),
};
