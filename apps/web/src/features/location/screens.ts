import type { ScreenLoader } from '../registry';

/** Staff location (人员定位, under 巡检管理 in the patrol module's menu): the server's `location` module. */
export const screens: Record<string, ScreenLoader> = {
  '/patrol/location': () => import('./LocationPage'),
};
