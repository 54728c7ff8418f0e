/**
 * The OpenLayers map of SwpMap: made once in EPSG:4548 over its layers, with the level of detail following the
 * resolution, a click that opens a business item's card (else the screen's click) and the pointer's coordinates.
 */
import { defaults as defaultControls } from 'ol/control/defaults';
import ScaleLine from 'ol/control/ScaleLine';
import type Feature from 'ol/Feature';
import type { Geometry } from 'ol/geom';
import type BaseLayer from 'ol/layer/Base';
import OlMap from 'ol/Map';
import View from 'ol/View';
import type { OverlayItem, OverlayKey } from './mapApi';
import { DEMO_CENTER, projection4548, toLonLat4548 } from './proj';

/** the maps on the page by test id, for the browser tests (features drawn, view) */
export function register(testId: string, map: OlMap | null) {
  const w = window as unknown as { __swpMaps?: Record<string, OlMap | null> };
  w.__swpMaps ??= {};
  w.__swpMaps[testId] = map;
}

export function createOlMap(o: {
  target: HTMLElement;
  layers: BaseLayer[];
  scaleBar: boolean;
  center?: [number, number];
  zoom: number;
}): OlMap {
  return new OlMap({
    target: o.target,
    layers: o.layers,
    controls: defaultControls({ attribution: false }).extend(
      o.scaleBar ? [new ScaleLine({ units: 'metric', minWidth: 80 })] : [],
    ),
    view: new View({
      projection: projection4548(),
      center: o.center ?? DEMO_CENTER,
      // resolutions from 256 m/px (a whole province) down to 0.125 m/px
      resolutions: Array.from({ length: 12 }, (_, i) => 256 / 2 ** i),
      zoom: o.zoom,
    }),
  });
}

export function wireMap(
  map: OlMap,
  on: {
    /** each layer whose drawing depends on the resolution */
    resolution: (r: number) => void;
    card: (card: { key: OverlayKey; item: OverlayItem }) => void;
    click: (x: number, y: number) => void;
    /** where the pointer's coordinates are written (none without controls) */
    coords: () => HTMLDivElement | null;
  },
) {
  map.getView().on('change:resolution', () => on.resolution(map.getView().getResolution() ?? 1));
  map.on('singleclick', (e) => {
    // a business item under the pointer opens its card; else the screen's click (identify, analysis, picking)
    const hit = map.forEachFeatureAtPixel(e.pixel, (f) => (f.get('overlay') ? (f as Feature<Geometry>) : undefined), {
      hitTolerance: 6,
      layerFilter: (l) => !!l.get('overlay'),
    });
    if (hit) {
      on.card({ key: hit.get('overlay'), item: hit.get('item') });
      return;
    }
    on.click(e.coordinate[0], e.coordinate[1]);
  });
  map.on('pointermove', (e) => {
    const out = on.coords();
    if (!out || e.dragging) return;
    const [x, y] = e.coordinate;
    const [lon, lat] = toLonLat4548(x, y);
    out.textContent = `X ${x.toFixed(1)}  Y ${y.toFixed(1)} (EPSG:4548) · ${lon.toFixed(5)}°E ${lat.toFixed(5)}°N`;
  });
}
