import type { ScreenLoader } from '../registry';

export const screens: Record<string, ScreenLoader> = {
  '/wel/index': () => import('./HomePage'),
  '/wel/dashboard': () => import('./DashboardPage'),
};
