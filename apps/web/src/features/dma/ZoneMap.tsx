/**
 * The zones on the network map: the GIS map component (components/map NetworkMap, pipes and valves) with one more
 * vector layer of the zone polygons, filled by NRW rate, the chosen zone outlined.
 */
import Feature from 'ol/Feature';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { useEffect, useRef } from 'react';
import type { Zone } from '../../api/dma';
import { SwpMap } from '../../components/map';
import { nrwColor } from './nrw';

export function ZoneMap({
  zones,
  rates,
  selected,
  onSelect,
}: {
  zones: Zone[];
  rates: Record<string, number>;
  selected?: string;
  onSelect(code: string): void;
}) {
  const source = useRef(new VectorSource<Feature<Polygon>>());
  const map = useRef<OlMap | null>(null);
  const fitted = useRef(false);

  useEffect(() => {
    const src = source.current;
    src.clear();
    for (const z of zones) {
      if (!z.boundary) continue;
      const f = new Feature({ geometry: new Polygon([z.boundary]) });
      f.setId(z.code);
      const color = nrwColor(rates[z.code]);
      const rate = rates[z.code];
      f.setStyle(
        new Style({
          fill: new Fill({ color: `${color}55` }),
          stroke: new Stroke({ color: z.code === selected ? '#000' : color, width: z.code === selected ? 3 : 2 }),
          text: new Text({
            text: `${z.name}${rate === undefined ? '' : `\n${rate.toFixed(1)}%`}`,
            font: '12px sans-serif',
            fill: new Fill({ color: '#222' }),
            stroke: new Stroke({ color: '#fff', width: 3 }),
          }),
        }),
      );
      src.addFeature(f);
    }
    if (!fitted.current && map.current && src.getFeatures().length) {
      map.current.getView().fit(src.getExtent() as number[], { padding: [30, 30, 30, 30] });
      fitted.current = true;
    }
  }, [zones, rates, selected]);

  return (
    <SwpMap
      testId="dma-map"
      visible={['pipe', 'valve']}
      style={{ height: 460 }}
      onReady={(m) => {
        map.current = m;
        m.addLayer(new VectorLayer({ source: source.current, zIndex: 20 }));
        if (source.current.getFeatures().length) {
          m.getView().fit(source.current.getExtent() as number[], { padding: [30, 30, 30, 30] });
          fitted.current = true;
        }
      }}
      onClick={(x, y) => {
        const hit = source.current.getFeaturesAtCoordinate([x, y]);
        if (hit.length) onSelect(String(hit[hit.length - 1].getId()));
      }}
    />
  );
}
