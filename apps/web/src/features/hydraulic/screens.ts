import type { ScreenLoader } from '../registry';

/** 辅助决策 (menus of modules/hydraulic/seed.ts): the model, the scenarios, the roughness table. */
export const screens: Record<string, ScreenLoader> = {
  '/hydraulic/model': () => import('./ModelPage'),
  '/hydraulic/scenario': () => import('./ScenarioPage'),
  '/hydraulic/material': () => import('./MaterialPage'),
};
