import type { ScreenLoader } from '../registry';

/** 供水调度 (menus of modules/dispatch/seed.ts). */
export const screens: Record<string, ScreenLoader> = {
  '/dispatch/diagram': () => import('./DiagramPage'),
  '/dispatch/order': () => import('./OrderPage'),
  '/dispatch/plan': () => import('./PlanPage'),
};
