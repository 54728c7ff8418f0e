/**
 * Dragging a widget on the layout editor's preview: pressing a box moves it, pressing its corner resizes it, in
 * whole grid cells and never past the grid's edge.
 */
import { type PointerEvent as ReactPointerEvent, useRef } from 'react';
import { GRID, type Widget } from '../../api/screen';
import { CELL_H, CELL_W } from './grid';
import { clamp, SCALE } from './layoutEditing';

export type DragMode = 'move' | 'size';

export function useWidgetDrag(
  widgets: Widget[],
  update: (i: number, patch: Partial<Widget>) => void,
  setSelected: (i: number) => void,
) {
  // where the pointer went down and the widget as it was then; each move is measured from there
  const drag = useRef<{ i: number; mode: DragMode; sx: number; sy: number; from: Widget } | null>(null);

  const onDown = (e: ReactPointerEvent, i: number, mode: DragMode) => {
    e.stopPropagation();
    (e.target as Element).setPointerCapture?.(e.pointerId);
    drag.current = { i, mode, sx: e.clientX, sy: e.clientY, from: widgets[i] };
    setSelected(i);
  };
  const onMove = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = Math.round((e.clientX - d.sx) / (CELL_W * SCALE));
    const dy = Math.round((e.clientY - d.sy) / (CELL_H * SCALE));
    const f = d.from;
    if (d.mode === 'move')
      update(d.i, { x: clamp(f.x + dx, 0, GRID.cols - f.w), y: clamp(f.y + dy, 0, GRID.rows - f.h) });
    else update(d.i, { w: clamp(f.w + dx, 1, GRID.cols - f.x), h: clamp(f.h + dy, 1, GRID.rows - f.y) });
  };
  const onUp = () => {
    drag.current = null;
  };

  return { onDown, onMove, onUp };
}
