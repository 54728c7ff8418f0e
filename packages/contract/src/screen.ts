/** The big screen's vocabulary both sides share (apps/server/src/modules/screen, apps/web/src/api/screen.ts). */

/** The key figures a 指标 widget may show, in the catalogue's order. */
export const KPI_CODES = [
  'supplyToday',
  'vsPlan',
  'pressureRate',
  'qualityRate',
  'openAlarms',
  'openRepairs',
  'patrolRate',
] as const;
export type KpiCode = (typeof KPI_CODES)[number];
