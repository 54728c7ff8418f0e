/**
 * The process diagram as SVG: one box per station in its flow column, pipes between columns, every value of the
 * station with its unit; a stale value shows "--" in grey and a station with no fresh value is marked 失联.
 * With `editable` the boxes can be dragged; `onMove` reports the new position.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Diagram, DiagramNode, DiagramValue } from '../../api/dispatch';

export const BOX_W = 220;
const ROW_H = 20;
const HEAD_H = 28;

const KIND_COLOR: Record<string, string> = {
  source: '#1677ff',
  plant: '#13a8a8',
  pump: '#722ed1',
  network: '#d48806',
};

export const boxHeight = (n: DiagramNode) => HEAD_H + Math.max(1, n.values.length) * ROW_H + 8;

function valueText(v: DiagramValue) {
  return v.stale || v.value === null ? '--' : `${v.value}`;
}

export function ProcessDiagram({
  diagram,
  positions,
  editable,
  onMove,
  dark,
}: {
  diagram: Diagram;
  positions: Record<string, { x: number; y: number }>;
  editable?: boolean;
  onMove?: (id: string, p: { x: number; y: number }) => void;
  dark?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<{ id: string; dx: number; dy: number } | null>(null);
  const pos = (n: DiagramNode) => positions[n.id] ?? { x: n.x, y: n.y };
  const byId = new Map(diagram.nodes.map((n) => [n.id, n]));
  const width = Math.max(1200, ...diagram.nodes.map((n) => pos(n).x + BOX_W + 40));
  const height = Math.max(400, ...diagram.nodes.map((n) => pos(n).y + boxHeight(n) + 40));
  const fg = dark ? '#d6e4ff' : '#262626';
  const bg = dark ? '#0b1a33' : '#fff';

  const toSvg = (e: React.PointerEvent) => {
    const r = svg.current?.getBoundingClientRect();
    if (!r) return { x: 0, y: 0 };
    return { x: ((e.clientX - r.left) * width) / r.width, y: ((e.clientY - r.top) * height) / r.height };
  };

  return (
    <svg
      ref={svg}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      height={dark ? '100%' : undefined}
      style={{ background: bg, touchAction: 'none', userSelect: 'none' }}
      data-testid="process-diagram"
      onPointerMove={(e) => {
        if (!drag) return;
        const p = toSvg(e);
        onMove?.(drag.id, { x: Math.round(p.x - drag.dx), y: Math.round(p.y - drag.dy) });
      }}
      onPointerUp={() => setDrag(null)}
      onPointerLeave={() => setDrag(null)}
    >
      <title>{t('menu.dispatch.diagram')}</title>
      {diagram.columns.map((c) => (
        <text key={c.kind} x={c.x} y={36} fill={fg} fontSize={16} fontWeight={600}>
          {en ? c.nameEn : c.name}
        </text>
      ))}
      {diagram.links.map((l) => {
        const a = byId.get(l.from);
        const b = byId.get(l.to);
        if (!a || !b) return null;
        const pa = pos(a);
        const pb = pos(b);
        const x1 = pa.x + BOX_W;
        const y1 = pa.y + 14;
        const x2 = pb.x;
        const y2 = pb.y + 14;
        const mx = (x1 + x2) / 2;
        return (
          <path
            key={`${l.from}-${l.to}`}
            d={`M${x1},${y1} C${mx},${y1} ${mx},${y2} ${x2},${y2}`}
            stroke={dark ? '#3a7bd5' : '#91caff'}
            strokeWidth={3}
            fill="none"
          />
        );
      })}
      {diagram.nodes.map((n) => {
        const p = pos(n);
        const color = n.stale ? '#8c8c8c' : (KIND_COLOR[n.kind] ?? '#1677ff');
        return (
          <g
            key={n.id}
            transform={`translate(${p.x},${p.y})`}
            data-testid={`node-${n.stcd}`}
            data-stale={n.stale ? 'true' : 'false'}
            style={{ cursor: editable ? 'move' : 'default' }}
            onPointerDown={(e) => {
              if (!editable) return;
              (e.target as Element).setPointerCapture?.(e.pointerId);
              const q = toSvg(e);
              setDrag({ id: n.id, dx: q.x - p.x, dy: q.y - p.y });
            }}
          >
            <rect
              width={BOX_W}
              height={boxHeight(n)}
              rx={6}
              fill={dark ? '#10284d' : '#fafafa'}
              stroke={color}
              strokeWidth={2}
            />
            <rect width={BOX_W} height={HEAD_H} rx={6} fill={color} />
            <text x={10} y={19} fill="#fff" fontSize={14} fontWeight={600}>
              {n.stnm}
            </text>
            {n.stale && (
              <text x={BOX_W - 10} y={19} fill="#fff" fontSize={12} textAnchor="end" data-testid="offline">
                {t('dispatch.offline')}
              </text>
            )}
            {n.values.map((v, i) => (
              <g key={v.field} transform={`translate(0,${HEAD_H + 16 + i * ROW_H})`}>
                <text x={10} fill={dark ? '#8fa8cc' : '#595959'} fontSize={13}>
                  {en ? v.nameEn : v.name}
                </text>
                <text
                  x={BOX_W - 10}
                  textAnchor="end"
                  fontSize={13}
                  fontWeight={600}
                  fill={v.stale ? '#8c8c8c' : fg}
                  data-testid={`value-${n.stcd}-${v.field}`}
                  data-stale={v.stale ? 'true' : 'false'}
                >
                  {valueText(v)} {v.unit}
                </text>
              </g>
            ))}
          </g>
        );
      })}
    </svg>
  );
}
