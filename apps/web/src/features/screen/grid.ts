/** Where a widget of the 24 × 12 grid sits on the 1920×1080 stage (below the 90 px title bar), in stage pixels. */
import { GRID, type Widget } from '../../api/screen';

export const AREA = { left: 30, top: 100, width: 1860, height: 965, gap: 15 };
export const CELL_W = (AREA.width + AREA.gap) / GRID.cols;
export const CELL_H = (AREA.height + AREA.gap) / GRID.rows;

export function boxOf(w: Pick<Widget, 'x' | 'y' | 'w' | 'h'>) {
  return {
    left: AREA.left + w.x * CELL_W,
    top: AREA.top + w.y * CELL_H,
    width: w.w * CELL_W - AREA.gap,
    height: w.h * CELL_H - AREA.gap,
  };
}

export function overlaps(a: Pick<Widget, 'x' | 'y' | 'w' | 'h'>, b: Pick<Widget, 'x' | 'y' | 'w' | 'h'>) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The problems of an arrangement before it is sent (the server checks the same). */
export function layoutProblems(ws: Pick<Widget, 'x' | 'y' | 'w' | 'h'>[]): string[] {
  const out: string[] = [];
  ws.forEach((a, i) => {
    if (a.x < 0 || a.y < 0 || a.x + a.w > GRID.cols || a.y + a.h > GRID.rows) out.push(`outside:${i + 1}`);
    for (let j = 0; j < i; j++) if (overlaps(a, ws[j])) out.push(`overlap:${j + 1}:${i + 1}`);
  });
  return out;
}
