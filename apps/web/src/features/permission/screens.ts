import type { ScreenLoader } from '../registry';

export const screens: Record<string, ScreenLoader> = {
  '/permission/authority': () => import('./AuthorityPage'),
  '/permission/organize': () => import('./OrganizePage'),
};
