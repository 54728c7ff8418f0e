import type { ScreenLoader } from '../registry';

/** DMA分区 (menus of modules/dma/seed.ts). */
export const screens: Record<string, ScreenLoader> = {
  '/dma/zone': () => import('./ZonePage'),
  '/dma/balance': () => import('./BalancePage'),
  '/dma/unbilled': () => import('./UnbilledPage'),
  '/dma/night': () => import('./NightFlowPage'),
  '/dma/leak': () => import('./LeakPage'),
};
