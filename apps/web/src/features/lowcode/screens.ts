import type { ScreenLoader } from '../registry';

/**
 * Low-code screens. `/onlineDev/webDesign` and the dynamic list are seeded by the low-code module; the business-form
 * screens serve the menu's `/business/*` paths (business seed) and the JNPF layout's `/onlineDev/business*`. The
 * data-service screens register in `data/screens.ts`.
 */
export const screens: Record<string, ScreenLoader> = {
  '/onlineDev/webDesign': () => import('./modules/ModulePage'),
  '/dynamic/index': () => import('./dynamic/DynamicPage'),
  '/previewModel/index': () => import('./preview/PreviewPage'),
  '/onlineDev/businessForm': () => import('./business/BusinessFormPage'),
  '/onlineDev/businessCategory': () => import('./business/BusinessCategoryPage'),
  '/onlineDev/businessModel': () => import('./business/BusinessDataModelPage'),
  '/onlineApps': () => import('./apps/OnlineAppsPage'),
  '/business/category': () => import('./business/BusinessCategoryPage'),
  '/business/datamodel': () => import('./business/BusinessDataModelPage'),
  '/business/form': () => import('./business/BusinessFormPage'),
  '/business/design': () => import('./business/BusinessDesignPage'),
  '/business/handle': () => import('./business/BusinessHandlePage'),
};

/** Lent to other features' screens through the registry: the form designer (workflow's process form designer). */
export const slots: Record<string, ScreenLoader> = {
  'lowcode/form-designer': () => import('./designer/FormDesigner').then((m) => ({ default: m.FormDesigner })),
};
