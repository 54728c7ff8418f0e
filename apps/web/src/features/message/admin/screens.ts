import type { ScreenLoader } from '../../registry';

export const screens: Record<string, ScreenLoader> = {
  '/message-admin/template': () => import('./TemplatePage'),
  '/message-admin/config': () => import('./ConfigPage'),
  '/message-admin/log': () => import('./LogPage'),
};
