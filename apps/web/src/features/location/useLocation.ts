/** The location page's live positions (stream, else polling) and its map layers (people, trace, playback head). */
import Feature from 'ol/Feature';
import { LineString, Point } from 'ol/geom';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { useCallback, useEffect, useRef, useState } from 'react';
import { locationApi, openPositionStream, type StaffPosition, type Trace } from '../../api/location';
import { applyLive, headStyle, personStyle, traceStyle } from './positions';

/** Positions poll every 10 s while the stream is down; counts and states refresh every 30 s. */
export const POLL_MS = 10_000;
const COUNT_MS = 30_000;

/** Everyone's latest position, moved by the live stream (or polled), and a tick that refreshes the counts. */
export function useLivePositions() {
  const [people, setPeople] = useState<StaffPosition[]>([]);
  const [live, setLive] = useState<boolean | null>(null);
  const [tick, setTick] = useState(0);
  const loadPositions = useCallback(async () => {
    try {
      setPeople(await locationApi.realTime());
    } catch {
      // the HTTP client has shown the reason; the last positions stay
    }
  }, []);

  // first load, the live stream, and polling while there is no stream
  useEffect(() => {
    void loadPositions();
    const close = openPositionStream(
      (batch) => setPeople((p) => applyLive(p, batch)),
      (open) => setLive(open),
    );
    return close;
  }, [loadPositions]);
  useEffect(() => {
    if (live !== false) return;
    const timer = setInterval(() => void loadPositions(), POLL_MS);
    return () => clearInterval(timer);
  }, [live, loadPositions]);
  // counts and states age (online → offline) without reports: refresh them now and then
  useEffect(() => {
    const timer = setInterval(() => setTick((x) => x + 1), COUNT_MS);
    return () => clearInterval(timer);
  }, []);
  return { people, live, loadPositions, tick, setTick };
}

/** The map's trace and people layers; the people layer follows the positions, the department and the names switch. */
export function useLocationLayers(
  people: StaffPosition[],
  selected: StaffPosition | null,
  deptId: string | undefined,
  showNames: boolean,
) {
  const map = useRef<OlMap | null>(null);
  const peopleSource = useRef(new VectorSource());
  const traceSource = useRef(new VectorSource());
  // the people layer follows the positions
  useEffect(() => {
    const src = peopleSource.current;
    const seen = new Set<string>();
    for (const p of people) {
      if (p.x === null || p.y === null) continue;
      if (deptId && p.deptId !== deptId) continue;
      seen.add(p.userId);
      let f = src.getFeatureById(p.userId) as Feature<Point> | null;
      if (!f) {
        f = new Feature(new Point([p.x, p.y]));
        f.setId(p.userId);
        src.addFeature(f);
      } else f.getGeometry()?.setCoordinates([p.x, p.y]);
      f.set('person', p);
      f.setStyle(personStyle(p.state, p.realName, p.userId === selected?.userId, showNames));
    }
    for (const f of src.getFeatures()) if (!seen.has(String(f.getId()))) src.removeFeature(f);
  }, [people, selected, deptId, showNames]);

  const ready = (m: OlMap) => {
    map.current = m;
    m.addLayer(new VectorLayer({ source: traceSource.current, zIndex: 30 }));
    m.addLayer(new VectorLayer({ source: peopleSource.current, zIndex: 31 }));
  };

  const onTrace = useCallback((tr: Trace | null) => {
    const src = traceSource.current;
    for (const f of src.getFeatures()) if (f.get('kind') === 'line') src.removeFeature(f);
    if (!tr || tr.points.length < 2) return;
    const line = new Feature(new LineString(tr.points.map((p) => [p.x, p.y])));
    line.set('kind', 'line');
    line.setStyle(traceStyle);
    src.addFeature(line);
    map.current
      ?.getView()
      .fit(line.getGeometry()!.getExtent(), { padding: [60, 60, 60, 60], maxZoom: 9, duration: 300 });
  }, []);
  const onHead = useCallback((p: { x: number; y: number } | null) => {
    const src = traceSource.current;
    let f = src.getFeatureById('head') as Feature<Point> | null;
    if (!p) {
      if (f) src.removeFeature(f);
      return;
    }
    if (!f) {
      f = new Feature(new Point([p.x, p.y]));
      f.setId('head');
      f.setStyle(headStyle);
      src.addFeature(f);
    } else f.getGeometry()?.setCoordinates([p.x, p.y]);
  }, []);
  return { map, ready, onTrace, onHead };
}
