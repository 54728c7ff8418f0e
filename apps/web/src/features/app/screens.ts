import type { ScreenLoader } from '../registry';

/** 移动应用 administration (menus of modules/app/seed.ts). */
export const screens: Record<string, ScreenLoader> = {
  '/app-admin/setting': () => import('./SettingPage'),
  '/app-admin/device': () => import('./DevicePage'),
  '/app-admin/release': () => import('./ReleasePage'),
};
