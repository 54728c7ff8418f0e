import type { ScreenLoader } from '../registry';

const d =
  <K extends string>(load: () => Promise<Record<K, any>>, name: K): ScreenLoader =>
  () =>
    load().then((m) => ({ default: m[name] }));

export const screens: Record<string, ScreenLoader> = {
  '/system/param': () => import('./param/ParamPage'),
  '/system/tenant': () => import('./tenant/TenantPage'),
  '/system/tenantpackage': () => import('./tenantPackage/TenantPackagePage'),
  '/system/client': () => import('./client/ClientPage'),
  '/system/dept': () => import('./dept/DeptPage'),
  '/system/post': () => import('./post/PostPage'),
  '/system/menu': () => import('./menu/MenuPage'),
  '/system/topmenu': () => import('./topmenu/TopMenuPage'),
  '/system/region': () => import('./region/RegionPage'),
  '/system/dict': d(() => import('./dict/pages'), 'DictSystemPage'),
  '/system/dictbiz': d(() => import('./dict/pages'), 'DictBizPage'),
  '/dict-horizontal/index': d(() => import('./dict/pages'), 'DictHorizontalPage'),
  '/dict-vertical/index': d(() => import('./dict/pages'), 'DictVerticalPage'),
};
