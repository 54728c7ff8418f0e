import type { ScreenLoader } from '../registry';

/** Users (用户管理, under 系统管理): the server's `user` module. */
export const screens: Record<string, ScreenLoader> = {
  '/system/user': () => import('./UserPage'),
};
