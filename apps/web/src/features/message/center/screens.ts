import type { ScreenLoader } from '../../registry';

export const screens: Record<string, ScreenLoader> = {
  '/message/index': () => import('./MessageCenterPage'),
};
