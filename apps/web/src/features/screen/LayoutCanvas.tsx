/**
 * The layout editor's preview: the stage drawn small with its grid, each widget a box that moves when dragged and
 * resizes by its corner handle; the selected one is outlined.
 */
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Widget } from '../../api/screen';
import { boxOf, CELL_H, CELL_W } from './grid';
import { SCALE } from './layoutEditing';
import { STAGE_H, STAGE_W } from './ScaledStage';
import type { DragMode } from './useWidgetDrag';

export function LayoutCanvas({
  widgets,
  selected,
  onDown,
  onMove,
  onUp,
}: {
  widgets: Widget[];
  selected: number | null;
  onDown: (e: ReactPointerEvent, i: number, mode: DragMode) => void;
  onMove: (e: ReactPointerEvent) => void;
  onUp: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="layout-canvas"
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerLeave={onUp}
      style={{
        position: 'relative',
        width: STAGE_W * SCALE,
        height: STAGE_H * SCALE,
        background: '#020c1f',
        backgroundImage: `linear-gradient(#0f2a4d 1px, transparent 1px), linear-gradient(90deg, #0f2a4d 1px, transparent 1px)`,
        backgroundSize: `${CELL_W * SCALE}px ${CELL_H * SCALE}px`,
        backgroundPosition: `${30 * SCALE}px ${100 * SCALE}px`,
        marginBottom: 16,
        userSelect: 'none',
        touchAction: 'none',
      }}
    >
      {widgets.map((w, i) => {
        const b = boxOf(w);
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: the list position is the widget's identity while editing
            key={i}
            data-testid={`canvas-${i}`}
            onPointerDown={(e) => onDown(e, i, 'move')}
            style={{
              position: 'absolute',
              left: b.left * SCALE,
              top: b.top * SCALE,
              width: b.width * SCALE,
              height: b.height * SCALE,
              border: `2px solid ${selected === i ? '#4ee1ff' : '#1d4f91'}`,
              background: 'rgba(8, 30, 66, 0.85)',
              color: '#d6e4ff',
              fontSize: 12,
              padding: 4,
              cursor: 'move',
              boxSizing: 'border-box',
            }}
          >
            {t(`screen.widgets.${w.widget}`)}
            <span
              data-testid={`resize-${i}`}
              onPointerDown={(e) => onDown(e, i, 'size')}
              style={{
                position: 'absolute',
                right: 0,
                bottom: 0,
                width: 12,
                height: 12,
                background: '#4ee1ff',
                cursor: 'nwse-resize',
              }}
            />
          </div>
        );
      })}
    </div>
  );
}
