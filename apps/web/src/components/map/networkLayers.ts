/**
 * The pipe-network layers of the shared map: DMA areas, pipes and the point layers read from the GIS service by
 * map extent with a level of detail per resolution (proj.ts `lodFor`), so a network of 100,000 pipes never arrives
 * whole. Styles follow the theme (lighter pipes on the dark basemap).
 */
import EsriJSON from 'ol/format/EsriJSON';
import VectorLayer from 'ol/layer/Vector';
import { Circle, Fill, RegularShape, Stroke, Style } from 'ol/style';
import { boxSource } from './boxSource';
import { gisApi } from './gisApi';
import { LEGEND as COLOURS, pipeLook, valveLook, valveState } from './mapStyle';
import { EPSG_4548, lodFor } from './proj';

export const NETWORK_LAYERS = ['dma', 'pipe', 'junction', 'valve', 'hydrant', 'meter', 'pump', 'wq', 'source'] as const;
export type NetworkLayerKey = (typeof NETWORK_LAYERS)[number];
export const DEFAULT_VISIBLE: NetworkLayerKey[] = ['dma', 'pipe', 'valve', 'hydrant', 'meter', 'pump', 'wq', 'source'];

const fill = (c: string) => new Fill({ color: c });
const stroke = (c: string, w = 1) => new Stroke({ color: c, width: w });

/** Legend colours, shared with the legend of the map screen (and the field app's map: mapStyle.ts). */
export const LEGEND: Record<NetworkLayerKey, string> = COLOURS;

const styleCache = new Map<string, Style>();
function cached(key: string, make: () => Style): Style {
  let s = styleCache.get(key);
  if (!s) {
    s = make();
    styleCache.set(key, s);
  }
  return s;
}

/** a feature's style; in the dark theme pipes are lighter blues and point edges dark, so they read on the dark basemap */
export function featureStyle(layer: NetworkLayerKey, a: Record<string, unknown>, dark = false): Style {
  const edge = dark ? '#0b0e13' : '#fff';
  switch (layer) {
    case 'pipe': {
      const { color: c, width: w } = pipeLook(Number(a.diameter ?? 0), dark);
      return cached(`pipe${w}${dark}`, () => new Style({ stroke: stroke(c, w) }));
    }
    case 'valve': {
      const state = valveState({ normalState: a.normalState, operable: a.operable });
      const look = valveLook(state, dark);
      return cached(
        `valve${state}${dark}`,
        () => new Style({ image: new Circle({ radius: 4, fill: fill(look.fill), stroke: stroke(look.stroke, 1.5) }) }),
      );
    }
    case 'dma':
      return cached(
        `dma${dark}`,
        () =>
          new Style({
            fill: fill('rgba(114, 46, 209, 0.06)'),
            stroke: new Stroke({ color: dark ? '#b37feb' : LEGEND.dma, width: 2, lineDash: [8, 6] }),
          }),
      );
    case 'pump':
    case 'source':
      return cached(
        `${layer}${dark}`,
        () =>
          new Style({
            image: new RegularShape({
              points: 4,
              radius: layer === 'source' ? 10 : 8,
              angle: Math.PI / 4,
              fill: fill(LEGEND[layer]),
              stroke: stroke(edge, 2),
            }),
          }),
      );
    case 'wq':
      return cached(
        `wq${dark}`,
        () =>
          new Style({
            image: new RegularShape({ points: 3, radius: 7, fill: fill(LEGEND.wq), stroke: stroke(edge, 1) }),
          }),
      );
    default:
      return cached(
        `${layer}${dark}`,
        () => new Style({ image: new Circle({ radius: 3, fill: fill(LEGEND[layer]), stroke: stroke(edge, 1) }) }),
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

export function makeLayer(key: NetworkLayerKey, dark: () => boolean = () => false) {
  const format = new EsriJSON();
  let lastWhere: string | null | undefined;
  const source = boxSource(async (extent, resolution) => {
    const lod = lodFor(key, resolution);
    lastWhere = lod.where;
    // this level of detail draws none of the layer
    if (lod.where === null) return [];
    const fs = await gisApi.query(key, {
      where: lod.where,
      geometry: extent.join(','),
      geometryType: 'esriGeometryEnvelope',
      maxAllowableOffset: lod.maxAllowableOffset || undefined,
      resultRecordCount: 5000,
    });
    const features = format.readFeatures(fs as any, { dataProjection: EPSG_4548, featureProjection: EPSG_4548 });
    for (const f of features) f.setId(`${key}.${f.get('gid')}`);
    return features;
  });
  const layer = new VectorLayer({
    source,
    style: (f) => featureStyle(key, f.getProperties(), dark()),
    zIndex: ORDER[key],
    properties: { key },
  });
  /** reload when the level of detail changes with the resolution */
  const onResolution = (resolution: number) => {
    if (lastWhere !== undefined && lodFor(key, resolution).where !== lastWhere) source.refresh();
  };
  return { layer, onResolution };
}
