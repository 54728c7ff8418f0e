import type { ScreenLoader } from '../registry';

/** 报警中心 › 报警列表 (menu of modules/alarm/seed.ts). */
export const screens: Record<string, ScreenLoader> = {
  '/alarm/info': () => import('./AlarmPage'),
};
