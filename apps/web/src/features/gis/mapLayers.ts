/**
 * The work layers 管网地图 lays over the network: the burst analysis, the measured line and the marker of the
 * identified feature; and the measuring interaction (a line drawn on the map, its length in plane metres).
 */

import Draw from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import type VectorSource from 'ol/source/Vector';
import { Stroke, Style } from 'ol/style';
import { type RefObject, useEffect, useRef } from 'react';
import { dot } from '../../components/map/dot';
import type { Mode } from './MapToolbar';

export function addWorkLayers(
  map: OlMap,
  analysis: VectorLayer<VectorSource>,
  measureSource: VectorSource,
  marker: VectorSource,
) {
  map.addLayer(analysis);
  map.addLayer(
    new VectorLayer({
      source: measureSource,
      zIndex: 40,
      style: new Style({ stroke: new Stroke({ color: '#eb2f96', width: 2, lineDash: [4, 4] }) }),
    }),
  );
  map.addLayer(
    new VectorLayer({
      source: marker,
      zIndex: 50,
      style: new Style({ image: dot(9, 'rgba(250, 84, 28, 0.25)', '#fa541c') }),
    }),
  );
}

/** In measure mode a line can be drawn on the map; its length goes to `setMeasure`. */
export function useMeasure(
  mapRef: RefObject<OlMap | null>,
  mode: Mode,
  measureSource: RefObject<VectorSource>,
  setMeasure: (m: number | null) => void,
) {
  const drawRef = useRef<Draw | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refs and the state setter are stable
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (drawRef.current) {
      map.removeInteraction(drawRef.current);
      drawRef.current = null;
    }
    if (mode !== 'measure') return;
    const draw = new Draw({ source: measureSource.current, type: 'LineString' });
    draw.on('drawstart', () => {
      measureSource.current.clear();
      setMeasure(null);
    });
    draw.on('drawend', (e) => setMeasure((e.feature.getGeometry() as any).getLength()));
    map.addInteraction(draw);
    drawRef.current = draw;
  }, [mode]);
}
