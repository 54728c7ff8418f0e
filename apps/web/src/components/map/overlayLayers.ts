/**
 * The business layers of the shared map: devices (by live state), open alarms (by level), burst events (by
 * status), DMA zones (outlines) and staff (online or not), read by view box from `/api/swp-gis/overlay/{key}`.
 * Each feature keeps its item (`item`) and layer (`overlay`) for the card a click opens. Devices, alarms and staff
 * refresh every 30 s while shown, so the states stay live.
 */
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import type VectorSource from 'ol/source/Vector';
import { Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import { boxSource } from './boxSource';
import { dot } from './dot';
import { mapApi, type OverlayItem, type OverlayKey } from './mapApi';

export const OVERLAY_COLOURS: Record<OverlayKey, string> = {
  devices: '#1677ff',
  alarms: '#f5222d',
  bursts: '#cf1322',
  dmas: '#722ed1',
  staff: '#13a8a8',
};

export const DEVICE_STATE_COLOURS: Record<string, string> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  alarm: '#f5222d',
  unlinked: '#1677ff',
};
const ALARM_LEVEL_COLOURS: Record<string, string> = { '1': '#faad14', '2': '#fa8c16', '3': '#f5222d' };
const BURST_STATUS_COLOURS: Record<string, string> = { '0': '#cf1322', '1': '#fa8c16', '2': '#52c41a' };

const ORDER: Record<OverlayKey, number> = { dmas: 12, devices: 20, staff: 21, bursts: 22, alarms: 23 };
/** refreshed while shown */
export const LIVE: OverlayKey[] = ['devices', 'alarms', 'staff'];

const cache = new Map<string, Style>();
const once = (k: string, make: () => Style) => {
  let s = cache.get(k);
  if (!s) {
    s = make();
    cache.set(k, s);
  }
  return s;
};

/** A point marker: a regular shape in the item's colour, edged so that it stands out from the basemap. */
const marker = (
  shape: { points: number; radius: number; radius2?: number; angle?: number },
  colour: string,
  edge: string,
  edgeWidth = 2,
) =>
  new RegularShape({
    ...shape,
    fill: new Fill({ color: colour }),
    stroke: new Stroke({ color: edge, width: edgeWidth }),
  });

export function overlayStyle(key: OverlayKey, state: string, dark: boolean): Style {
  const edge = dark ? '#0b0e13' : '#ffffff';
  switch (key) {
    case 'devices':
      return once(`d${state}${dark}`, () => {
        const c = DEVICE_STATE_COLOURS[state] ?? '#1677ff';
        return new Style({ image: marker({ points: 4, radius: 8, angle: Math.PI / 4 }, c, edge) });
      });
    case 'alarms':
      return once(`a${state}${dark}`, () => {
        const c = ALARM_LEVEL_COLOURS[state] ?? '#f5222d';
        return new Style({
          image: marker({ points: 3, radius: 10 }, c, edge),
          text: new Text({ text: '!', font: 'bold 11px sans-serif', offsetY: 2, fill: new Fill({ color: '#fff' }) }),
        });
      });
    case 'bursts':
      return once(`b${state}${dark}`, () => {
        const c = BURST_STATUS_COLOURS[state] ?? '#cf1322';
        return new Style({ image: marker({ points: 8, radius: 11, radius2: 5 }, c, edge, 1) });
      });
    case 'staff':
      return once(`s${state}${dark}`, () => {
        const c = state === 'online' ? OVERLAY_COLOURS.staff : '#8c8c8c';
        return new Style({ image: dot(7, c, edge) });
      });
    case 'dmas':
      return once(
        `z${dark}`,
        () =>
          new Style({
            fill: new Fill({ color: 'rgba(114, 46, 209, 0.08)' }),
            stroke: new Stroke({ color: dark ? '#b37feb' : OVERLAY_COLOURS.dmas, width: 2, lineDash: [8, 6] }),
          }),
      );
  }
}

function featureOf(key: OverlayKey, item: OverlayItem) {
  const geometry = key === 'dmas' && item.ring ? new Polygon([item.ring]) : new Point([item.x, item.y]);
  const f = new Feature({ geometry });
  f.setId(`${key}.${item.id}`);
  f.set('overlay', key);
  f.set('item', item);
  return f;
}

export function overlayLayer(key: OverlayKey, dark: () => boolean) {
  const source: VectorSource = boxSource(async (extent) => {
    const features = (await mapApi.overlay(key, extent)).map((i) => featureOf(key, i));
    // a refresh replaces what was there: states change, alarms close
    for (const f of features) {
      const old = source.getFeatureById(f.getId() as string);
      if (old) source.removeFeature(old);
    }
    return features;
  });
  const layer = new VectorLayer({
    source,
    zIndex: ORDER[key],
    style: (f) => overlayStyle(key, (f.get('item') as OverlayItem).state, dark()),
    properties: { key: `overlay.${key}`, overlay: key },
  });
  return { layer, source };
}
