import type { ScreenLoader } from '../registry';

export const screens: Record<string, ScreenLoader> = {
  '/dataservice/dictionary': () => import('./DictionaryPage'),
  '/dataservice/commonfields': () => import('./CommonFieldsPage'),
  '/dataservice/billrule': () => import('./BillRulePage'),
  '/dataservice/area': () => import('./AreaPage'),
  '/system/onlineUser': () => import('./OnlineUserPage'),
};
