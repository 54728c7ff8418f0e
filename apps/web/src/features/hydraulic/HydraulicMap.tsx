/**
 * The network map (components/map NetworkMap) with one more vector layer: the model's links coloured by flow or
 * velocity at the chosen step, its junctions by pressure. Clicking picks the nearest node or link.
 */
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import { useEffect, useRef } from 'react';
import type { Geometry, Snapshot } from '../../api/hydraulic';
import { SwpMap } from '../../components/map';
import { colourOf, FLOW_STOPS, nodeStops, VELOCITY_STOPS } from './colours';

export type LinkMeasure = 'flow' | 'velocity';
/** what colours the junctions: pressure, or a quality run's water age (h) or source share (%) */
export type NodeMeasure = 'pressure' | 'age' | 'trace';

export function HydraulicMap({
  geometry,
  snapshot,
  measure,
  nodeMeasure = 'pressure',
  area,
  onPick,
  testId = 'hydraulic-map',
}: {
  geometry: Geometry | undefined;
  snapshot: Snapshot | undefined;
  measure: LinkMeasure;
  nodeMeasure?: NodeMeasure;
  /** a burst's low-pressure area: rings in the map's system (EPSG:4548) */
  area?: [number, number][][];
  onPick?(kind: 'node' | 'link', code: string): void;
  testId?: string;
}) {
  const source = useRef(new VectorSource());
  const areaSource = useRef(new VectorSource());
  const map = useRef<OlMap | null>(null);
  const fitted = useRef(false);
  const pickRef = useRef(onPick);
  pickRef.current = onPick;

  // features once per model
  useEffect(() => {
    const src = source.current;
    src.clear();
    if (!geometry) return;
    const feats: Feature[] = [];
    for (const l of geometry.links) {
      const f = new Feature({ geometry: new LineString(l.path), kind: 'link' });
      f.setId(`l:${l.code}`);
      feats.push(f);
    }
    for (const n of geometry.nodes) {
      const f = new Feature({ geometry: new Point([n.x, n.y]), kind: 'node' });
      f.setId(`n:${n.code}`);
      feats.push(f);
    }
    src.addFeatures(feats);
    if (map.current && !fitted.current && feats.length) {
      map.current.getView().fit(src.getExtent() as number[], { padding: [20, 20, 20, 20] });
      fitted.current = true;
    }
  }, [geometry]);

  // the low-pressure area under the network
  useEffect(() => {
    const src = areaSource.current;
    src.clear();
    for (const ring of area ?? []) src.addFeature(new Feature({ geometry: new Polygon([ring]), kind: 'area' }));
  }, [area]);

  // colours per step
  useEffect(() => {
    const src = source.current;
    if (!snapshot) return;
    const stops = measure === 'flow' ? FLOW_STOPS : VELOCITY_STOPS;
    const values = measure === 'flow' ? snapshot.links.flow : snapshot.links.velocity;
    snapshot.links.codes.forEach((code, i) => {
      const f = src.getFeatureById(`l:${code}`);
      const colour = colourOf(Math.abs(values[i]), stops);
      f?.setStyle(new Style({ stroke: new Stroke({ color: colour, width: 3 }) }));
      f?.set('colour', colour);
    });
    snapshot.nodes.codes.forEach((code, i) => {
      const f = src.getFeatureById(`n:${code}`);
      if (!f) return;
      if (snapshot.nodes.types[i] !== 0) {
        f.setStyle(new Style({ image: new Circle({ radius: 6, fill: new Fill({ color: '#003a8c' }) }) }));
        return;
      }
      const q = snapshot.nodes.quality;
      const colour =
        nodeMeasure !== 'pressure' && q
          ? colourOf(q[i], nodeStops(nodeMeasure))
          : colourOf(snapshot.nodes.pressure[i], nodeStops('pressure'));
      f.set('colour', colour);
      f.setStyle(new Style({ image: new Circle({ radius: 3, fill: new Fill({ color: colour }) }) }));
    });
  }, [snapshot, measure, nodeMeasure]);

  return (
    <SwpMap
      visible={[]}
      testId={testId}
      style={{ height: 520 }}
      onReady={(m) => {
        map.current = m;
        m.addLayer(
          new VectorLayer({
            source: areaSource.current,
            zIndex: 9,
            style: new Style({
              fill: new Fill({ color: 'rgba(207, 19, 34, 0.18)' }),
              stroke: new Stroke({ color: '#cf1322', width: 2, lineDash: [6, 4] }),
            }),
          }),
        );
        m.addLayer(new VectorLayer({ source: source.current, zIndex: 10 }));
        if (!fitted.current && source.current.getFeatures().length) {
          m.getView().fit(source.current.getExtent() as number[], { padding: [20, 20, 20, 20] });
          fitted.current = true;
        }
      }}
      onClick={(x, y, m) => {
        const tolerance = (m.getView().getResolution() ?? 1) * 8;
        const f = source.current.getClosestFeatureToCoordinate([x, y]);
        if (!f) return;
        const g = f.getGeometry();
        const p = g?.getClosestPoint([x, y]);
        if (!p || Math.hypot(p[0] - x, p[1] - y) > tolerance) return;
        const id = String(f.getId());
        pickRef.current?.(id.startsWith('n:') ? 'node' : 'link', id.slice(2));
      }}
    />
  );
}
