/**
 * The network map of a big screen: the console's one map (components/map SwpMap, issue 24) in its dark styling,
 * with the utility's plants, pump stations and network points, and the open alarms as pulsing red rings where they
 * are. Signed in, the mains are drawn from the GIS; by a share link the map reads the basemap and the mains
 * (DN ≥ 400, ≥ 800 at city scale) through the link's own routes (`/swp-screen/basemap|pipes/{code}?token=`), never
 * the GIS service itself, which is behind sign-in grants.
 * Loaded on its own (the map library is large) so the rest of the screen paints first.
 */
import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import { Point } from 'ol/geom';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import proj4 from 'proj4';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type ScreenCode, screenApi, type WidgetDataMap } from '../../api/screen';
import { boxSource, EPSG_4548, pipeLook, SwpMap } from '../../components/map';
import { dot } from '../../components/map/dot';

const COLOR: Record<string, string> = {
  SC: '#13c2c2',
  BZ: '#9254de',
  YL: '#faad14',
  LL: '#40a9ff',
  SZ: '#73d13d',
  RR: '#1677ff',
};

const at = (p: { lgtd: number | null; lttd: number | null }) =>
  p.lgtd == null || p.lttd == null ? null : (proj4('EPSG:4326', EPSG_4548, [p.lgtd, p.lttd]) as [number, number]);

function stationStyle(f: Feature) {
  const sttp = f.get('sttp') as string;
  const big = sttp === 'SC' || sttp === 'BZ';
  return new Style({
    image: dot(big ? 9 : 6, COLOR[sttp] ?? '#69b1ff', '#0b1a33'),
    text: big
      ? new Text({
          text: f.get('stnm'),
          font: '15px sans-serif',
          offsetX: 14,
          textAlign: 'left',
          fill: new Fill({ color: '#d6e4ff' }),
          stroke: new Stroke({ color: '#0b1a33', width: 3 }),
        })
      : undefined,
  });
}

/** the smallest main drawn at a resolution (the server's rule, gis/mains.ts): reload when it changes */
const mainsClass = (resolution: number) => (resolution > 60 ? 800 : 400);

/** The mains read through a share link, by view box; `onCount` after each load. */
function mainsLayer(code: ScreenCode, token: string, onCount: (n: number) => void) {
  const format = new GeoJSON();
  let loadedClass: number | undefined;
  const source = boxSource(async (extent, resolution) => {
    loadedClass = mainsClass(resolution);
    const fc = await screenApi.pipes(code, token, extent, resolution);
    const features = format.readFeatures(fc, { dataProjection: EPSG_4548, featureProjection: EPSG_4548 });
    for (const f of features) f.setId(`main.${f.get('gid')}`);
    return features;
  });
  source.on('featuresloadend', () => onCount(source.getFeatures().length));
  const styles = new Map<number, Style>();
  const layer = new VectorLayer({
    source,
    zIndex: 10,
    properties: { key: 'screen-mains' },
    style: (f) => {
      const { color, width } = pipeLook(Number(f.get('diameter') ?? 0), true);
      let s = styles.get(width);
      if (!s) {
        s = new Style({ stroke: new Stroke({ color, width }) });
        styles.set(width, s);
      }
      return s;
    },
  });
  const onResolution = (resolution: number) => {
    if (loadedClass !== undefined && mainsClass(resolution) !== loadedClass) source.refresh();
  };
  return { layer, onResolution };
}

export default function ScreenMap({
  data,
  width,
  height,
  code,
  token,
}: {
  data: WidgetDataMap['map'];
  width: number;
  height: number;
  code: ScreenCode;
  token: string | null;
}) {
  const stations = useMemo(() => new VectorSource(), []);
  const alarms = useMemo(() => new VectorSource(), []);
  const layers = useMemo(
    () => ({
      stations: new VectorLayer({ source: stations, style: (f) => stationStyle(f as Feature), zIndex: 20 }),
      // a ring growing from 10 to 22 px over two seconds, redrawn a few times a second
      alarms: new VectorLayer({
        source: alarms,
        zIndex: 30,
        style: () => {
          const phase = (Date.now() % 2000) / 2000;
          return new Style({
            image: dot(10 + 12 * Math.sin(Math.PI * phase), 'rgba(255,77,79,0.15)', '#ff4d4f', 3),
          });
        },
      }),
    }),
    [stations, alarms],
  );
  const [mainsDrawn, setMainsDrawn] = useState(0);
  const mains = useMemo(() => (token ? mainsLayer(code, token, setMainsDrawn) : null), [code, token]);
  const map = useRef<OlMap | null>(null);
  const fitted = useRef(false);
  const basemapSource = useMemo(
    () =>
      token ? (bbox: number[], resolution: number) => screenApi.basemap(code, token, bbox, resolution) : undefined,
    [code, token],
  );

  useEffect(() => {
    stations.clear();
    alarms.clear();
    for (const s of data.stations) {
      const p = at(s);
      if (p) stations.addFeature(new Feature({ geometry: new Point(p), stnm: s.stnm, sttp: s.sttp }));
    }
    for (const a of data.alarms) {
      const p = at(a);
      if (p) alarms.addFeature(new Feature({ geometry: new Point(p), title: a.title, id: a.id }));
    }
    const extent = stations.getExtent();
    if (map.current && !fitted.current && extent && stations.getFeatures().length) {
      map.current.getView().fit(extent, { padding: [40, 40, 40, 40], size: [width, height] });
      fitted.current = true;
    }
  }, [data, stations, alarms, width, height]);

  useEffect(() => {
    const id = setInterval(() => layers.alarms.changed(), 150);
    return () => clearInterval(id);
  }, [layers]);

  const drawn = data.alarms.filter((a) => at(a)).length;
  return (
    <div
      data-testid="screen-map"
      data-alarms={drawn}
      data-mains={mains ? mainsDrawn : undefined}
      style={{ width, height }}
    >
      <SwpMap
        testId="screen-network-map"
        dark
        controls={false}
        basemapSource={basemapSource}
        visible={token ? [] : ['pipe']}
        overlays={[]}
        style={{ height }}
        onReady={(m) => {
          if (mains) {
            m.addLayer(mains.layer);
            m.getView().on('change:resolution', () => mains.onResolution(m.getView().getResolution() ?? 1));
          }
          m.addLayer(layers.stations);
          m.addLayer(layers.alarms);
          map.current = m;
        }}
      />
    </div>
  );
}
