import type { ScreenLoader } from '../registry';

/** 水质管理 (menus of modules/quality/menus.ts). */
export const screens: Record<string, ScreenLoader> = {
  '/quality/online': () => import('./OnlinePage'),
  '/quality/compliance': () => import('./CompliancePage'),
  '/quality/indicator': () => import('./IndicatorPage'),
  '/quality/point': () => import('./PointPage'),
  '/quality/plan': () => import('./PlanPage'),
  '/quality/task': () => import('./TaskPage'),
  '/quality/result': () => import('./ResultPage'),
  '/quality/report': () => import('./ReportPage'),
};
