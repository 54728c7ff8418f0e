/**
 * The task's map: an SVG drawn in the network's plane coordinates (EPSG:4548 metres) from the stored pipes and
 * valves around the task and its objects, with my position placed by a local fit from an object's lon/lat and x/y
 * (over a few kilometres the error is well under a metre-scale map's needs). Only the layers chosen in the app
 * settings are drawn (the server sends only those too). No map library: a few KB, and it works
 * offline from the cached network reply.
 */
import type { Fix } from './position';
import type { Network, TaskObject } from './types';

interface Props {
  objects: TaskObject[];
  network: Network | null;
  me: Fix | null;
  selected?: string;
  stateOf: (o: TaskObject) => string;
  onPick: (id: string) => void;
  label: string;
  /** the GIS layers chosen in the app settings (`pipe,valve,…` or layer ids; empty = all) */
  layers: string;
}

/** Whether a layer is drawn: by key or by its id in the GIS service (pipe 0, valve 2). */
export function showsLayer(layers: string, key: 'pipe' | 'valve'): boolean {
  const refs = layers
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return !refs.length || refs.includes(key) || refs.includes(key === 'pipe' ? '0' : '2');
}

export function planeOf(objects: TaskObject[], lon: number, lat: number): [number, number] | null {
  const o = objects.find((p) => p.x != null && p.y != null && p.lon != null && p.lat != null);
  if (!o) return null;
  const kx = 111_320 * Math.cos((o.lat! * Math.PI) / 180);
  return [o.x! + (lon - o.lon!) * kx, o.y! + (lat - o.lat!) * 110_574];
}

const COLOR: Record<string, string> = {
  todo: '#fa8c16',
  checked: '#52c41a',
  hazard: '#f5222d',
  queued: '#1677ff',
  conflict: '#a8071a',
};

export function TaskMap({ objects, network, me, selected, stateOf, onPick, label, layers }: Props) {
  const pts = objects.filter((o) => o.x != null && o.y != null);
  if (!pts.length) return null;
  const mine = me ? planeOf(objects, me.lon, me.lat) : null;
  const xs = pts.map((o) => o.x!);
  const ys = pts.map((o) => o.y!);
  // my position widens the view only while it is near (within 3 km), so a far fix does not shrink the task to a dot
  if (mine && Math.abs(mine[0] - xs[0]) < 3000 && Math.abs(mine[1] - ys[0]) < 3000) {
    xs.push(mine[0]);
    ys.push(mine[1]);
  }
  const pad = 80;
  const x0 = Math.min(...xs) - pad;
  const x1 = Math.max(...xs) + pad;
  const y0 = Math.min(...ys) - pad;
  const y1 = Math.max(...ys) + pad;
  const w = Math.max(x1 - x0, 200);
  const h = Math.max(y1 - y0, 200);
  const unit = Math.max(w, h) / 100;
  // north up: SVG's y grows downwards, so y is mirrored around the box
  const Y = (y: number) => y1 + y0 - y;
  return (
    <svg className="map" viewBox={`${x0} ${y0} ${w} ${h}`} role="img" aria-label={label} data-testid="task-map">
      <rect x={x0} y={y0} width={w} height={h} fill="#f5f7fa" />
      {showsLayer(layers, 'pipe') &&
        network?.pipes.map((p) => (
          <polyline
            data-testid="map-pipe"
            key={p.gid}
            points={p.coords.map(([x, y]) => `${x},${Y(y)}`).join(' ')}
            fill="none"
            stroke="#7aa7d6"
            strokeWidth={Math.max(0.4, Math.min(2.5, p.diameter / 300)) * unit * 0.5}
          />
        ))}
      {showsLayer(layers, 'valve') &&
        network?.valves.map((v) => (
          <rect
            data-testid="map-valve"
            key={v.gid}
            x={v.x - unit * 0.6}
            y={Y(v.y) - unit * 0.6}
            width={unit * 1.2}
            height={unit * 1.2}
            fill={v.closed ? '#595959' : '#fff'}
            stroke="#595959"
            strokeWidth={unit * 0.2}
          />
        ))}
      {pts.map((o, i) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: a map marker; the object list below is the keyboard path
        <g key={o.id} onClick={() => onPick(o.id)} data-testid={`map-object-${i}`}>
          <circle
            cx={o.x!}
            cy={Y(o.y!)}
            r={unit * (o.id === selected ? 3 : 2.2)}
            fill={COLOR[stateOf(o)] ?? '#fa8c16'}
            stroke="#fff"
            strokeWidth={unit * 0.5}
          />
          <text x={o.x!} y={Y(o.y!) + unit * 1.1} fontSize={unit * 2.6} textAnchor="middle" fill="#fff">
            {i + 1}
          </text>
        </g>
      ))}
      {mine && (
        <g data-testid="map-me">
          <circle cx={mine[0]} cy={Y(mine[1])} r={unit * 4} fill="#1677ff" opacity={0.18} />
          <circle cx={mine[0]} cy={Y(mine[1])} r={unit * 1.6} fill="#1677ff" stroke="#fff" strokeWidth={unit * 0.5} />
        </g>
      )}
    </svg>
  );
}
