import type { ScreenLoader } from '../registry';

export const screens: Record<string, ScreenLoader> = {
  '/desk/notice': () => import('./notice/NoticePage'),
};
