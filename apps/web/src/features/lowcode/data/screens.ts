import type { ScreenLoader } from '../../registry';

/**
 * The data-service screens under 系统管理 › 数据服务, at the paths the server seeds (`datasource/seed.ts`):
 * 数据建模, 数据连接, 数据接口, 数据同步, 数据备份 and 报表管理.
 */
export const screens: Record<string, ScreenLoader> = {
  '/dataservice/datamodel': () => import('./DataModelPage'),
  '/dataservice/datasource': () => import('./DataSourcePage'),
  '/dataservice/interface': () => import('./DataInterfacePage'),
  '/dataservice/datasync': () => import('./DataSyncPage'),
  '/dataservice/databackup': () => import('./DataBackupPage'),
  '/report/rest': () => import('./ReportPage'),
};
