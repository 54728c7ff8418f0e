/**
 * The location map's styles (people by presence, the trace line, the playback head) and the pure position helpers.
 */

import dayjs, { type Dayjs } from 'dayjs';
import type OlMap from 'ol/Map';
import { Fill, Stroke, Style, Text } from 'ol/style';
import type { LivePosition, PresenceState, StaffPosition } from '../../api/location';
import { dot } from '../../components/map/dot';

export const STATE_COLOR: Record<PresenceState, string> = { online: '#52c41a', offline: '#8c8c8c', never: '#d9d9d9' };

export const personStyle = (state: PresenceState, name: string, selected: boolean, showName: boolean) =>
  new Style({
    image: selected ? dot(9, STATE_COLOR[state], '#1677ff', 3) : dot(6, STATE_COLOR[state]),
    text:
      showName || selected
        ? new Text({
            text: name,
            offsetY: -16,
            font: '12px sans-serif',
            fill: new Fill({ color: '#262626' }),
            stroke: new Stroke({ color: '#fff', width: 3 }),
          })
        : undefined,
    zIndex: selected ? 2 : state === 'online' ? 1 : 0,
  });

export const traceStyle = new Style({ stroke: new Stroke({ color: '#1677ff', width: 3, lineDash: [6, 4] }) });

export const headStyle = new Style({
  image: dot(8, '#fa541c'),
  zIndex: 5,
});

/** Merges live positions into the people list: the position moves and the person is online. */
export function applyLive(people: StaffPosition[], live: LivePosition[]): StaffPosition[] {
  if (!live.length) return people;
  const by = new Map(live.map((p) => [p.userId, p]));
  return people.map((p) => {
    const l = by.get(p.userId);
    if (!l) return p;
    if (p.lastTime && dayjs(p.lastTime).valueOf() > l.ts) return p;
    return {
      ...p,
      x: l.x,
      y: l.y,
      lon: l.lon,
      lat: l.lat,
      lastTime: dayjs(l.ts).format('YYYY-MM-DD HH:mm:ss'),
      state: 'online',
      online: true,
    };
  });
}

/** The index of the trace point at or before an instant. */
export function pointAt(points: { ts: number }[], ts: number): number {
  let lo = 0;
  let hi = points.length - 1;
  if (hi < 0) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (points[mid].ts <= ts) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The default trace range: the day of the person's last position, up to now (today) or the day's end. */
export function traceRange(lastTime: string | null | undefined, now = dayjs()): [Dayjs, Dayjs] {
  const base = lastTime ? dayjs(lastTime) : now;
  return [base.startOf('day'), base.isSame(now, 'day') || base.isAfter(now) ? now : base.endOf('day')];
}

/** The person under a map click, if any (6 px of tolerance). */
export function personAt(m: OlMap, x: number, y: number): StaffPosition | undefined {
  const pixel = m.getPixelFromCoordinate([x, y]);
  return m.forEachFeatureAtPixel(pixel, (f) => f.get('person') as StaffPosition | undefined, { hitTolerance: 6 });
}
