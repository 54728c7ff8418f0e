/**
 * The process diagram as SVG: one box per station in its flow column, pipes between columns, every value of the
 * station with its unit; a stale value shows "--" in grey and a station with no fresh value is marked 失联.
 * With `editable` the boxes can be dragged; `onMove` reports the new position.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Diagram, DiagramNode, DiagramPump, DiagramValue } from '../../api/dispatch';

export const BOX_W = 220;
const ROW_H = 20;
const HEAD_H = 28;

const KIND_COLOR: Record<string, string> = {
  source: '#1677ff',
  plant: '#13a8a8',
  pump: '#722ed1',
  network: '#d48806',
};

const pumpRows = (n: DiagramNode) => (n.pumps?.length ? n.pumps.length + 1 : 0);
export const boxHeight = (n: DiagramNode) => HEAD_H + (Math.max(1, n.values.length) + pumpRows(n)) * ROW_H + 8;

const pumpState = (p: DiagramPump) => (p.running === null ? 'stale' : p.running ? 'running' : 'stopped');
const PUMP_COLOR = { running: '#52c41a', stopped: '#8c8c8c', stale: 'none' } as const;
/** the pump table's columns: right edges of frequency, flow and outlet pressure */
const PUMP_COLS = [
  { key: 'frequency', x: 92, unit: 'Hz' },
  { key: 'flow', x: 156, unit: 'm³/h' },
  { key: 'pressure', x: BOX_W - 10, unit: 'MPa' },
] as const;

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
            {n.pumps?.length > 0 && (
              <g transform={`translate(0,${HEAD_H + Math.max(1, n.values.length) * ROW_H + 14})`} fontSize={12}>
                <text x={10} fill={dark ? '#8fa8cc' : '#595959'}>
                  {t('dispatch.pump')}
                </text>
                {PUMP_COLS.map((c) => (
                  <text key={c.key} x={c.x} textAnchor="end" fill={dark ? '#8fa8cc' : '#595959'}>
                    {c.unit}
                  </text>
                ))}
                {n.pumps.map((p, i) => {
                  const state = pumpState(p);
                  return (
                    <g
                      key={p.no}
                      transform={`translate(0,${(i + 1) * ROW_H})`}
                      data-testid={`pump-${n.stcd}-${p.no}`}
                      data-state={state}
                    >
                      <title>
                        {`${p.no}# ${t(`dispatch.pumpState.${state}`)}${p.pressure?.time ? ` · ${p.pressure.time}` : ''}`}
                      </title>
                      <circle
                        cx={16}
                        cy={-4}
                        r={6}
                        fill={PUMP_COLOR[state]}
                        stroke={state === 'stale' ? '#8c8c8c' : PUMP_COLOR[state]}
                        strokeDasharray={state === 'stale' ? '2 2' : undefined}
                      />
                      <text x={28} fill={fg}>
                        {p.no}#
                      </text>
                      {PUMP_COLS.map((c) => {
                        const v = p[c.key];
                        const stale = !v || v.stale || v.value === null;
                        return (
                          <text
                            key={c.key}
                            x={c.x}
                            textAnchor="end"
                            fontWeight={600}
                            fill={stale ? '#8c8c8c' : fg}
                            data-testid={`pump-${n.stcd}-${p.no}-${c.key}`}
                            data-stale={stale ? 'true' : 'false'}
                          >
                            {stale ? '--' : v.value}
                          </text>
                        );
                      })}
                    </g>
                  );
                })}
              </g>
            )}
          </g>
        );
      })}
    </svg>
  );
}
