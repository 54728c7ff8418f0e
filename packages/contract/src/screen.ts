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

/** A widget of a screen's arrangement: where on the 24 × 12 grid and what data (options); `C`, the widget codes. */
export interface ScreenWidget<C extends string = string> {
  widget: C;
  x: number;
  y: number;
  w: number;
  h: number;
  options: Record<string, unknown>;
}
