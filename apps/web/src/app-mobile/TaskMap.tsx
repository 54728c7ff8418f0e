/**
 * The task's map: an SVG drawn in the network's plane coordinates (EPSG:4548 metres) over the console map's basemap
 * (the same `/api/swp-gis/basemap` data, palette and street widths as SwpMap, from components/map/mapStyle.ts), with
 * the stored pipes and valves around the task (styled by the shared map's pipe and valve rules), its objects, and my
 * position placed by a local fit from an object's lon/lat and x/y (over a few kilometres the error is well under a
 * metre-scale map's needs). Only the layers chosen in the app settings are drawn (the server sends only those too).
 * No map library (OpenLayers would cost more than the whole app, docs/app.md): a few KB, and it works offline from
 * the kept replies.
 */
import {
  BASEMAP_PATH,
  type BasemapFeature,
  basemapQuery,
  PALETTE,
  pipeLook,
  streetPx,
  valveLook,
} from '../components/map/mapStyle';
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

const PAD = 80;
/** the phone map's width in CSS pixels the basemap's level of detail is asked for */
const VIEW_PX = 360;

/** The box the task's objects span (padded), in plane metres, or null without placed objects. */
export function taskBox(objects: TaskObject[]): [number, number, number, number] | null {
  const pts = objects.filter((o) => o.x != null && o.y != null);
  if (!pts.length) return null;
  const xs = pts.map((o) => o.x!);
  const ys = pts.map((o) => o.y!);
  return [Math.min(...xs) - PAD, Math.min(...ys) - PAD, Math.max(...xs) + PAD, Math.max(...ys) + PAD];
}

/** The basemap request of a task's area (the same address whether read to open the task or kept for offline use). */
export function basemapRequest(objects: TaskObject[]): { path: string; query: Record<string, string> } | null {
  const b = taskBox(objects);
  if (!b) return null;
  const res = Math.round((Math.max(b[2] - b[0], b[3] - b[1], 200) / VIEW_PX) * 100) / 100;
  const q = basemapQuery(b, res);
  return { path: BASEMAP_PATH, query: { bbox: q.bbox, resolution: String(q.resolution) } };
}

type Ring = [number, number][];
const rings = (g: BasemapFeature['geometry']): Ring[] => {
  if (!g) return [];
  const c = g.coordinates as any;
  switch (g.type) {
    case 'Polygon':
    case 'MultiLineString':
      return c;
    case 'MultiPolygon':
      return (c as Ring[][]).flat();
    case 'LineString':
      return [c];
    default:
      return [];
  }
};

/**
 * The basemap under the network: blocks, parks and water filled, district lines dashed, streets with casing (the
 * palette and street widths of SwpMap's basemap layer). One path per kind keeps the DOM small on a phone.
 */
function Basemap({ features, unit, Y }: { features: BasemapFeature[]; unit: number; Y: (y: number) => number }) {
  const p = PALETTE.light;
  // `unit` is a hundredth of the view: the resolution in metres per CSS pixel of the phone's map
  const res = (unit * 100) / VIEW_PX;
  const d = (pick: (f: BasemapFeature) => boolean, close: boolean) =>
    features
      .filter(pick)
      .flatMap((f) => rings(f.geometry))
      .map((ring) => `M${ring.map(([x, y]) => `${x},${Y(y)}`).join('L')}${close ? 'Z' : ''}`)
      .join('');
  const kind =
    (...k: string[]) =>
    (f: BasemapFeature) =>
      k.includes(f.properties.kind);
  const street = (main: boolean) => (f: BasemapFeature) =>
    f.properties.kind === 'street' && (f.properties.rank === 1) === main;
  const streets = [false, true].map((main) => ({ main, d: d(street(main), false), w: streetPx(res, main) * res }));
  return (
    <g data-testid="map-basemap">
      <path d={d(kind('block'), true)} fill={p.block} fillRule="evenodd" />
      <path d={d(kind('park'), true)} fill={p.park} fillRule="evenodd" />
      <path d={d(kind('water', 'river'), true)} fill={p.water} fillRule="evenodd" />
      <path
        d={d(kind('district'), true)}
        fill="none"
        stroke={p.district}
        strokeWidth={1.5 * res}
        strokeDasharray={`${10 * res} ${6 * res}`}
      />
      {streets.map((x) => (
        <path
          key={`casing-${x.main}`}
          d={x.d}
          fill="none"
          stroke={p.casing}
          strokeWidth={x.w + 1.5 * res}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ))}
      {streets.map((x) => (
        <path
          key={`street-${x.main}`}
          d={x.d}
          fill="none"
          stroke={p.street}
          strokeWidth={x.w}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ))}
    </g>
  );
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
  const box = taskBox(objects);
  if (!pts.length || !box) return null;
  const mine = me ? planeOf(objects, me.lon, me.lat) : null;
  let [x0, y0, x1, y1] = box;
  // my position widens the view only while it is near (within 3 km), so a far fix does not shrink the task to a dot
  if (mine && Math.abs(mine[0] - pts[0].x!) < 3000 && Math.abs(mine[1] - pts[0].y!) < 3000) {
    x0 = Math.min(x0, mine[0] - PAD);
    x1 = Math.max(x1, mine[0] + PAD);
    y0 = Math.min(y0, mine[1] - PAD);
    y1 = Math.max(y1, mine[1] + PAD);
  }
  const w = Math.max(x1 - x0, 200);
  const h = Math.max(y1 - y0, 200);
  const unit = Math.max(w, h) / 100;
  const res = (unit * 100) / VIEW_PX;
  // north up: SVG's y grows downwards, so y is mirrored around the box
  const Y = (y: number) => y1 + y0 - y;
  return (
    <svg className="map" viewBox={`${x0} ${y0} ${w} ${h}`} role="img" aria-label={label} data-testid="task-map">
      <rect x={x0} y={y0} width={w} height={h} fill={PALETTE.light.background} />
      {network?.basemap && <Basemap features={network.basemap} unit={unit} Y={Y} />}
      {showsLayer(layers, 'pipe') &&
        network?.pipes.map((p) => {
          const look = pipeLook(p.diameter);
          return (
            <polyline
              data-testid="map-pipe"
              key={p.gid}
              points={p.coords.map(([x, y]) => `${x},${Y(y)}`).join(' ')}
              fill="none"
              stroke={look.color}
              strokeWidth={look.width * res}
              strokeLinecap="round"
            />
          );
        })}
      {showsLayer(layers, 'valve') &&
        network?.valves.map((v) => {
          const look = valveLook(v.closed ? 'closed' : 'open');
          return (
            <circle
              data-testid="map-valve"
              key={v.gid}
              cx={v.x}
              cy={Y(v.y)}
              r={4 * res}
              fill={look.fill}
              stroke={look.stroke}
              strokeWidth={1.5 * res}
            />
          );
        })}
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
