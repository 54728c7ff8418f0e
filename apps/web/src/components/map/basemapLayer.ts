/**
 * The offline basemap layer: the demo city's districts, water, parks, blocks and named streets read by view box
 * from the server (`/api/swp-gis/basemap`), styled for the light or the dark theme, street names along the streets.
 * Reloads when the level of detail changes (blocks below 20 m/px, every street below 40 m/px, as the server draws).
 */
import type { FeatureLike } from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import VectorLayer from 'ol/layer/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { boxSource } from './boxSource';
import { mapApi } from './mapApi';
import { lodKey, PALETTE, streetPx } from './mapStyle';
import { EPSG_4548 } from './proj';

export { type BasemapPalette, PALETTE } from './mapStyle';

export type BasemapFetch = (bbox: number[], resolution: number) => Promise<unknown>;

export function basemapLayer(dark: () => boolean, fetchBasemap: BasemapFetch = mapApi.basemap) {
  const format = new GeoJSON();
  let lastLod: number | undefined;
  const source = boxSource(async (extent, resolution) => {
    lastLod = lodKey(resolution);
    const fc = await fetchBasemap(extent, resolution);
    return format.readFeatures(fc, { dataProjection: EPSG_4548, featureProjection: EPSG_4548 });
  });
  const styleOf = (f: FeatureLike, resolution: number): Style | Style[] | undefined => {
    const p = PALETTE[dark() ? 'dark' : 'light'];
    const kind = f.get('kind') as string;
    const name = f.get('name') as string | null;
    switch (kind) {
      case 'district':
        return new Style({
          stroke: new Stroke({ color: p.district, width: 1.5, lineDash: [10, 6] }),
          text:
            resolution >= 6 && name
              ? new Text({
                  text: name,
                  font: 'bold 15px sans-serif',
                  fill: new Fill({ color: p.district }),
                  stroke: new Stroke({ color: p.halo, width: 3 }),
                  overflow: true,
                })
              : undefined,
        });
      case 'water':
      case 'river':
        return new Style({
          fill: new Fill({ color: p.water }),
          text:
            name && resolution <= 30
              ? new Text({
                  text: name,
                  font: 'italic 12px sans-serif',
                  fill: new Fill({ color: dark() ? '#7fb2e5' : '#2f6f9f' }),
                  stroke: new Stroke({ color: p.halo, width: 2 }),
                  placement: kind === 'river' ? 'line' : 'point',
                })
              : undefined,
        });
      case 'park':
        return new Style({ fill: new Fill({ color: p.park }) });
      case 'block':
        return new Style({ fill: new Fill({ color: p.block }) });
      case 'street': {
        const main = f.get('rank') === 1;
        const w = streetPx(resolution, main);
        const styles = [
          new Style({ stroke: new Stroke({ color: p.casing, width: w + 1.5 }), zIndex: 0 }),
          new Style({ stroke: new Stroke({ color: p.street, width: w }), zIndex: 1 }),
        ];
        if (name && (resolution <= 12 || (main && resolution <= 30)))
          styles.push(
            new Style({
              text: new Text({
                text: name,
                font: `${main ? 'bold ' : ''}12px sans-serif`,
                placement: 'line',
                fill: new Fill({ color: p.label }),
                stroke: new Stroke({ color: p.halo, width: 3 }),
              }),
              zIndex: 2,
            }),
          );
        return styles;
      }
      default:
        return undefined;
    }
  };
  const layer = new VectorLayer({
    source,
    style: styleOf,
    zIndex: -10,
    declutter: true,
    properties: { key: 'basemap' },
    updateWhileInteracting: false,
  });
  const onResolution = (resolution: number) => {
    if (lastLod !== undefined && lodKey(resolution) !== lastLod) source.refresh();
  };
  return { layer, source, onResolution };
}
