import type { ScreenLoader } from '../registry';

/** 设备中心 › 设备管理 (menu of modules/device/seed.ts). */
export const screens: Record<string, ScreenLoader> = {
  '/device/base': () => import('./DevicePage'),
};
