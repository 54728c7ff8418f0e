import type { ScreenLoader } from '../registry';

export const screens: Record<string, ScreenLoader> = {
  '/authority/role': () => import('./role/RolePage'),
  '/authority/datascope': () => import('./scope/DataScopePage'),
  '/authority/apiscope': () => import('./scope/ApiScopePage'),
};
