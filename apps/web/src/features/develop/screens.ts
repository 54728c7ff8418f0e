import type { ScreenLoader } from '../registry';

/** The 在线开发 screens at the paths the server seeds (`datasource/seed.ts`): 数据源管理 and 代码生成. */
export const screens: Record<string, ScreenLoader> = {
  '/develop/datasource': () => import('./DatasourcePage'),
  '/develop/code': () => import('./CodePage'),
};
