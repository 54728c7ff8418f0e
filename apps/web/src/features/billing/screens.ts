import type { ScreenLoader } from '../registry';

export const screens: Record<string, ScreenLoader> = {
  '/billing/tariff': () => import('./TariffPage'),
};
