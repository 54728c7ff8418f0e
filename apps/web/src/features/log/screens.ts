import type { ScreenLoader } from '../registry';

export const screens: Record<string, ScreenLoader> = {
  '/ops/log/usual': () => import('./LogPage').then((m) => ({ default: m.UsualLogPage })),
  '/ops/log/api': () => import('./LogPage').then((m) => ({ default: m.ApiLogPage })),
  '/ops/log/error': () => import('./LogPage').then((m) => ({ default: m.ErrorLogPage })),
};
