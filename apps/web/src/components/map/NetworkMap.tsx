/**
 * The pipe-network map (OpenLayers, EPSG:4548 through ol/proj/proj4): DMA areas, pipes and the point layers read
 * from the GIS service by map extent with a level of detail per resolution (proj.ts `lodFor`), so a network of
 * 100,000 pipes never arrives whole. Shared by the network map screen and the equipment and coordinate dialogs.
 */
import 'ol/ol.css';
import EsriJSON from 'ol/format/EsriJSON';
import type { Geometry } from 'ol/geom';
import VectorLayer from 'ol/layer/Vector';
import { bbox } from 'ol/loadingstrategy';
import OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, RegularShape, Stroke, Style } from 'ol/style';
import View from 'ol/View';
import { type CSSProperties, useEffect, useRef } from 'react';
import { gisApi } from './gisApi';
import { DEMO_CENTER, EPSG_4548, lodFor, projection4548 } from './proj';

export const NETWORK_LAYERS = ['dma', 'pipe', 'junction', 'valve', 'hydrant', 'meter', 'pump', 'wq', 'source'] as const;
export type NetworkLayerKey = (typeof NETWORK_LAYERS)[number];
export const DEFAULT_VISIBLE: NetworkLayerKey[] = ['dma', 'pipe', 'valve', 'hydrant', 'meter', 'pump', 'wq', 'source'];

const fill = (c: string) => new Fill({ color: c });
const stroke = (c: string, w = 1) => new Stroke({ color: c, width: w });

/** Legend colours, shared with the legend of the map screen. */
export const LEGEND: Record<NetworkLayerKey, string> = {
  dma: '#722ed1',
  pipe: '#1677ff',
  junction: '#8c8c8c',
  valve: '#52c41a',
  hydrant: '#f5222d',
  meter: '#13c2c2',
  pump: '#fa8c16',
  wq: '#2f54eb',
  source: '#003a8c',
};

const styleCache = new Map<string, Style>();
function cached(key: string, make: () => Style): Style {
  let s = styleCache.get(key);
  if (!s) {
    s = make();
    styleCache.set(key, s);
  }
  return s;
}

export function featureStyle(layer: NetworkLayerKey, a: Record<string, unknown>): Style {
  switch (layer) {
    case 'pipe': {
      const d = Number(a.diameter ?? 0);
      const w = d >= 800 ? 4 : d >= 400 ? 3 : 1.5;
      return cached(`pipe${w}`, () => new Style({ stroke: stroke(d >= 400 ? '#003eb3' : LEGEND.pipe, w) }));
    }
    case 'valve': {
      const state = a.normalState === 'closed' ? 'closed' : Number(a.operable) === 0 ? 'stuck' : 'open';
      return cached(
        `valve${state}`,
        () =>
          new Style({
            image: new Circle({
              radius: 4,
              fill: fill(state === 'closed' ? '#ffffff' : state === 'stuck' ? '#8c8c8c' : LEGEND.valve),
              stroke: stroke(state === 'closed' ? '#cf1322' : '#135200', 1.5),
            }),
          }),
      );
    }
    case 'dma':
      return cached(
        'dma',
        () =>
          new Style({
            fill: fill('rgba(114, 46, 209, 0.06)'),
            stroke: new Stroke({ color: LEGEND.dma, width: 2, lineDash: [8, 6] }),
          }),
      );
    case 'pump':
    case 'source':
      return cached(
        layer,
        () =>
          new Style({
            image: new RegularShape({
              points: 4,
              radius: layer === 'source' ? 10 : 8,
              angle: Math.PI / 4,
              fill: fill(LEGEND[layer]),
              stroke: stroke('#fff', 2),
            }),
          }),
      );
    case 'wq':
      return cached(
        'wq',
        () =>
          new Style({
            image: new RegularShape({ points: 3, radius: 7, fill: fill(LEGEND.wq), stroke: stroke('#fff', 1) }),
          }),
      );
    default:
      return cached(
        layer,
        () => new Style({ image: new Circle({ radius: 3, fill: fill(LEGEND[layer]), stroke: stroke('#fff', 1) }) }),
      );
  }
}

const ORDER: Record<NetworkLayerKey, number> = {
  dma: 0,
  pipe: 1,
  junction: 2,
  meter: 3,
  hydrant: 4,
  valve: 5,
  wq: 6,
  pump: 7,
  source: 8,
};

function makeLayer(key: NetworkLayerKey) {
  const format = new EsriJSON();
  let lastWhere: string | null | undefined;
  const source: VectorSource<any> = new VectorSource({
    strategy: bbox,
    loader: (extent, resolution, _proj, success, failure) => {
      const lod = lodFor(key, resolution);
      lastWhere = lod.where;
      if (lod.where === null) {
        success?.([]);
        return;
      }
      void (async () => {
        try {
          const fs = await gisApi.query(key, {
            where: lod.where,
            geometry: extent.join(','),
            geometryType: 'esriGeometryEnvelope',
            maxAllowableOffset: lod.maxAllowableOffset || undefined,
            resultRecordCount: 5000,
          });
          const features = format.readFeatures(fs as any, { dataProjection: EPSG_4548, featureProjection: EPSG_4548 });
          for (const f of features) f.setId(`${key}.${f.get('gid')}`);
          source.addFeatures(features as any);
          success?.(features as any);
        } catch {
          source.removeLoadedExtent(extent);
          failure?.();
        }
      })();
    },
  });
  const layer = new VectorLayer({
    source,
    style: (f) => featureStyle(key, f.getProperties()),
    zIndex: ORDER[key],
    properties: { key },
  });
  /** reload when the level of detail changes with the resolution */
  const onResolution = (resolution: number) => {
    if (lastWhere !== undefined && lodFor(key, resolution).where !== lastWhere) source.refresh();
  };
  return { layer, onResolution };
}

export interface NetworkMapProps {
  visible?: NetworkLayerKey[];
  /** plane coordinates of a click (EPSG:4548) */
  onClick?: (x: number, y: number, map: OlMap) => void;
  onReady?: (map: OlMap) => void;
  center?: [number, number];
  zoom?: number;
  style?: CSSProperties;
  className?: string;
  testId?: string;
}

export function NetworkMap({
  visible = DEFAULT_VISIBLE,
  onClick,
  onReady,
  center,
  zoom = 5,
  style,
  className,
  testId = 'network-map',
}: NetworkMapProps) {
  const el = useRef<HTMLDivElement>(null);
  const mapRef = useRef<OlMap | null>(null);
  const layersRef = useRef<Map<NetworkLayerKey, ReturnType<typeof makeLayer>>>(new Map());
  const clickRef = useRef(onClick);
  clickRef.current = onClick;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once; center, zoom and onReady are initial values
  useEffect(() => {
    if (!el.current) return;
    const made = new Map(NETWORK_LAYERS.map((k) => [k, makeLayer(k)] as const));
    layersRef.current = made;
    const map = new OlMap({
      target: el.current,
      layers: [...made.values()].map((m) => m.layer),
      view: new View({
        projection: projection4548(),
        center: center ?? DEMO_CENTER,
        // resolutions from 256 m/px (a whole province) down to 0.125 m/px
        resolutions: Array.from({ length: 12 }, (_, i) => 256 / 2 ** i),
        zoom,
      }),
    });
    map.getView().on('change:resolution', () => {
      const r = map.getView().getResolution() ?? 1;
      for (const m of made.values()) m.onResolution(r);
    });
    map.on('singleclick', (e) => clickRef.current?.(e.coordinate[0], e.coordinate[1], map));
    mapRef.current = map;
    onReady?.(map);
    return () => {
      map.setTarget(undefined);
      mapRef.current = null;
    };
  }, []);

  useEffect(() => {
    for (const [k, m] of layersRef.current) m.layer.setVisible(visible.includes(k));
  }, [visible]);

  return (
    <div
      ref={el}
      className={className}
      data-testid={testId}
      style={{ width: '100%', height: 480, background: '#f5f7fa', position: 'relative', ...style }}
    />
  );
}

export type { Geometry, OlMap };
