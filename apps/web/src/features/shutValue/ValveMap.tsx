/**
 * The crew's small map: the burst point and the valves to close, numbered in closing order, grey once closed.
 * It draws only what the shared link answers (no network layers: the link reaches nothing else), in EPSG:4548.
 */
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import View from 'ol/View';
import { useEffect, useRef } from 'react';
import { projection4548 } from '../../components/map/proj';
import type { CrewValve } from './valveOrder';

const burstStyle = new Style({
  image: new RegularShape({ points: 8, radius: 12, radius2: 5, fill: new Fill({ color: '#cf1322' }) }),
});

function valveStyle(v: CrewValve, selected: boolean) {
  const backup = v.role === 'backup';
  return new Style({
    image: new Circle({
      radius: selected ? 13 : 10,
      fill: new Fill({ color: v.closed ? '#8c8c8c' : backup ? '#ffe58f' : '#fadb14' }),
      stroke: new Stroke({
        color: selected ? '#1677ff' : '#ad2102',
        width: selected ? 3 : 2,
        lineDash: backup ? [3, 2] : undefined,
      }),
    }),
    text: new Text({
      text: backup ? `${v.forN ?? ''}′` : String(v.n),
      font: 'bold 11px sans-serif',
      fill: new Fill({ color: '#000' }),
    }),
    zIndex: selected ? 2 : backup ? 0 : 1,
  });
}

export interface ValveMapProps {
  burst: { x: number; y: number };
  valves: CrewValve[];
  selected?: number;
  onSelect?: (valveGid: number) => void;
  label: string;
}

export function ValveMap({ burst, valves, selected, onSelect, label }: ValveMapProps) {
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  const source = useRef(new VectorSource());
  const pick = useRef(onSelect);
  pick.current = onSelect;
  const fitted = useRef(false);

  useEffect(() => {
    if (!el.current) return;
    const m = new OlMap({
      target: el.current,
      layers: [new VectorLayer({ source: source.current })],
      view: new View({ projection: projection4548(), center: [burst.x, burst.y], resolution: 1 }),
    });
    m.on('singleclick', (e) => {
      const gid = m.forEachFeatureAtPixel(e.pixel, (f) => f.get('valveGid') as number | undefined);
      if (gid !== undefined) pick.current?.(gid);
    });
    map.current = m;
    return () => {
      m.setTarget(undefined);
      map.current = null;
    };
  }, [burst.x, burst.y]);

  useEffect(() => {
    const s = source.current;
    s.clear();
    for (const v of valves) {
      const f = new Feature(new Point([v.x, v.y]));
      f.set('valveGid', v.valveGid);
      f.setStyle(valveStyle(v, v.valveGid === selected));
      s.addFeature(f);
    }
    const b = new Feature(new Point([burst.x, burst.y]));
    b.setStyle(burstStyle);
    s.addFeature(b);
    const m = map.current;
    if (!m) return;
    const extent = s.getExtent();
    if (!fitted.current && extent) {
      fitted.current = true;
      m.getView().fit(extent, { padding: [32, 32, 32, 32], maxZoom: 18, minResolution: 0.25 });
    } else if (selected !== undefined) {
      const v = valves.find((x) => x.valveGid === selected);
      if (v) m.getView().animate({ center: [v.x, v.y], duration: 250 });
    }
  }, [valves, selected, burst.x, burst.y]);

  return (
    <div
      ref={el}
      role="img"
      aria-label={label}
      data-testid="shut-value-map"
      style={{ width: '100%', height: 280, background: '#f5f7fa', borderRadius: 8, position: 'relative' }}
    />
  );
}
