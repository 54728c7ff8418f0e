import type { ScreenLoader } from '../registry';

export const screens: Record<string, ScreenLoader> = {
  '/customer/info': () => import('./CustomerPage'),
  '/customer/meter': () => import('./MeterPage'),
  '/customer/reading': () => import('./ReadingPage'),
};
