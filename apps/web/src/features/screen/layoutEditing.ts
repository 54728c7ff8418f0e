/**
 * The layout editor's rules for placing widgets: the preview's scale, the options a newly chosen widget starts
 * with, where a new widget goes, and keeping a dragged widget on the grid.
 */
import { GRID, type Widget, type WidgetCode } from '../../api/screen';
import { overlaps } from './grid';

/** The preview draws the 1920×1080 stage at this size, so it fits beside the admin menu. */
export const SCALE = 0.45;

export const DEFAULT_OPTIONS: Record<WidgetCode, Record<string, unknown>> = {
  kpis: { items: ['supplyToday', 'pressureRate', 'openAlarms'] },
  supply: {},
  map: { alarms: true },
  nrw: { period: 'MONTH', top: 8 },
  pressure: {},
  quality: {},
  alarms: { limit: 9 },
  patrol: {},
  diagram: {},
  orders: { limit: 7 },
};

/** The first free place of a w × h widget, scanning rows then columns; undefined when the grid is full. */
export function freePlace(ws: Widget[], w: number, h: number) {
  for (let y = 0; y + h <= GRID.rows; y++)
    for (let x = 0; x + w <= GRID.cols; x++) if (!ws.some((o) => overlaps(o, { x, y, w, h }))) return { x, y };
  return undefined;
}

export const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
