import type { ScreenLoader } from '../registry';

/**
 * Low-code screens. `/onlineDev/webDesign` and the dynamic list are seeded by the low-code module; the business-form
 * paths follow the JNPF layout (`/onlineDev/business*`). The data-service screens register in `data/screens.ts`.
 */
export const screens: Record<string, ScreenLoader> = {
  '/onlineDev/webDesign': () => import('./modules/ModulePage'),
  '/dynamic/index': () => import('./dynamic/DynamicPage'),
  '/previewModel/index': () => import('./preview/PreviewPage'),
  '/onlineDev/businessForm': () => import('./business/BusinessFormPage'),
  '/onlineDev/businessCategory': () => import('./business/BusinessCategoryPage'),
  '/onlineDev/businessModel': () => import('./business/BusinessDataModelPage'),
};
