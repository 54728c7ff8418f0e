/**
 * The crew's small map: the burst point and the valves to close, numbered in closing order, grey once closed.
 * It draws only what the shared link answers (no network layers: the link reaches nothing else), in EPSG:4548.
 * Markers that would overlap at the current zoom are set apart (`spreadMarkers`), redone on every zoom, so each
 * number stays readable; a valve drawn away from its place keeps a dot on its true place.
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
import { spreadMarkers } from './geo';
import type { CrewValve } from './valveOrder';

const burstStyle = new Style({
  image: new RegularShape({ points: 8, radius: 12, radius2: 5, fill: new Fill({ color: '#cf1322' }) }),
});

function valveStyle(v: CrewValve, selected: boolean, shift: [number, number]) {
  const backup = v.role === 'backup';
  return new Style({
    image: new Circle({
      displacement: shift,
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
      // Text offsets are y down, displacement is y up
      offsetX: shift[0],
      offsetY: -shift[1],
    }),
    zIndex: selected ? 2 : backup ? 0 : 1,
  });
}

/** a faint dot on the valve's true place when its marker is drawn set apart */
const anchorStyle = new Style({
  image: new Circle({ radius: 3, fill: new Fill({ color: '#ad2102' }) }),
});

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

  // the markers, spread apart for the map's resolution (redrawn when the zoom changes)
  const draw = useRef(() => {});
  draw.current = () => {
    const s = source.current;
    s.clear();
    const res = map.current?.getView().getResolution() ?? 1;
    const shifts = spreadMarkers(valves, res);
    valves.forEach((v, i) => {
      const f = new Feature(new Point([v.x, v.y]));
      f.set('valveGid', v.valveGid);
      const shift = shifts[i];
      f.setStyle(
        shift[0] || shift[1]
          ? [anchorStyle, valveStyle(v, v.valveGid === selected, shift)]
          : valveStyle(v, v.valveGid === selected, shift),
      );
      s.addFeature(f);
    });
    const b = new Feature(new Point([burst.x, burst.y]));
    b.setStyle(burstStyle);
    s.addFeature(b);
  };

  useEffect(() => {
    if (!el.current) return;
    const m = new OlMap({
      target: el.current,
      layers: [new VectorLayer({ source: source.current })],
      view: new View({ projection: projection4548(), center: [burst.x, burst.y], resolution: 1 }),
    });
    // the markers' spread depends on the zoom
    m.getView().on('change:resolution', () => draw.current());
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: draw.current reads valves, selected and the burst point
  useEffect(() => {
    draw.current();
    const s = source.current;
    const m = map.current;
    if (!m) return;
    const extent = s.getExtent();
    if (!fitted.current && extent) {
      fitted.current = true;
      m.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: 18, minResolution: 0.25 });
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
