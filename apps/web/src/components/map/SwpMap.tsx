/**
 * The one map of the console (issue 24): OpenLayers in EPSG:4548 over the offline basemap of the demo city, with
 * the pipe-network layers (level of detail by resolution), the business layers (devices, open alarms, burst events,
 * DMAs, staff; a click opens the item's card with a link to its screen), a scale bar, the pointer's coordinates in
 * EPSG:4548 and longitude/latitude, and a legend of what is shown. Follows the shell's theme (dark basemap and
 * pipes in the dark theme). The network screen, the DMA and hydraulic maps, the pickers and patrol all draw it;
 * screens add their own layers through `onReady`.
 */
import 'ol/ol.css';
import { defaults as defaultControls } from 'ol/control/defaults';
import ScaleLine from 'ol/control/ScaleLine';
import type Feature from 'ol/Feature';
import type { Geometry } from 'ol/geom';
import type BaseLayer from 'ol/layer/Base';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { shellTheme } from '../../lib/themes';
import { useUi } from '../../stores/ui';
import { basemapLayer, PALETTE } from './basemapLayer';
import { MapLegend } from './MapLegend';
import type { OverlayItem, OverlayKey } from './mapApi';
import { DEFAULT_VISIBLE, makeLayer, NETWORK_LAYERS, type NetworkLayerKey } from './networkLayers';
import { OverlayCard } from './OverlayCard';
import { LIVE, overlayLayer } from './overlayLayers';
import { DEMO_CENTER, projection4548, toLonLat4548 } from './proj';

export interface SwpMapProps {
  /** network layers shown */
  visible?: NetworkLayerKey[];
  /** business layers shown */
  overlays?: OverlayKey[];
  /** the offline basemap (default on) */
  basemap?: boolean;
  /** scale bar, coordinate readout and legend (default on) */
  controls?: boolean;
  /** plane coordinates of a click (EPSG:4548) that hit no business layer */
  onClick?: (x: number, y: number, map: OlMap) => void;
  onReady?: (map: OlMap) => void;
  center?: [number, number];
  zoom?: number;
  style?: CSSProperties;
  className?: string;
  testId?: string;
}

const LIVE_MS = 30_000;

/** the maps on the page by test id, for the browser tests (features drawn, view) */
function register(testId: string, map: OlMap | null) {
  const w = window as unknown as { __swpMaps?: Record<string, OlMap | null> };
  w.__swpMaps ??= {};
  w.__swpMaps[testId] = map;
}

export function SwpMap({
  visible = DEFAULT_VISIBLE,
  overlays = [],
  basemap = true,
  controls = true,
  onClick,
  onReady,
  center,
  zoom = 5,
  style,
  className,
  testId = 'network-map',
}: SwpMapProps) {
  const el = useRef<HTMLDivElement>(null);
  const coordsRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<OlMap | null>(null);
  const dark = shellTheme(useUi((s) => s.themeName)).dark;
  const darkRef = useRef(dark);
  darkRef.current = dark;
  const clickRef = useRef(onClick);
  clickRef.current = onClick;
  const [card, setCard] = useState<{ key: OverlayKey; item: OverlayItem } | null>(null);

  const net = useMemo(() => new Map(NETWORK_LAYERS.map((k) => [k, makeLayer(k, () => darkRef.current)] as const)), []);
  const base = useMemo(() => basemapLayer(() => darkRef.current), []);
  const over = useMemo(
    () =>
      new Map(
        (['devices', 'alarms', 'bursts', 'dmas', 'staff'] as OverlayKey[]).map(
          (k) => [k, overlayLayer(k, () => darkRef.current)] as const,
        ),
      ),
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once; center, zoom and onReady are initial values
  useEffect(() => {
    if (!el.current) return;
    const layers: BaseLayer[] = [
      base.layer,
      ...[...net.values()].map((m) => m.layer),
      ...[...over.values()].map((o) => o.layer),
    ];
    const map = new OlMap({
      target: el.current,
      layers,
      controls: defaultControls({ attribution: false }).extend(
        controls ? [new ScaleLine({ units: 'metric', minWidth: 80 })] : [],
      ),
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
      for (const m of net.values()) m.onResolution(r);
      base.onResolution(r);
    });
    map.on('singleclick', (e) => {
      // a business item under the pointer opens its card; else the screen's click (identify, analysis, picking)
      const hit = map.forEachFeatureAtPixel(e.pixel, (f) => (f.get('overlay') ? (f as Feature<Geometry>) : undefined), {
        hitTolerance: 6,
        layerFilter: (l) => !!l.get('overlay'),
      });
      if (hit) {
        setCard({ key: hit.get('overlay'), item: hit.get('item') });
        return;
      }
      clickRef.current?.(e.coordinate[0], e.coordinate[1], map);
    });
    map.on('pointermove', (e) => {
      const out = coordsRef.current;
      if (!out || e.dragging) return;
      const [x, y] = e.coordinate;
      const [lon, lat] = toLonLat4548(x, y);
      out.textContent = `X ${x.toFixed(1)}  Y ${y.toFixed(1)} (EPSG:4548) · ${lon.toFixed(5)}°E ${lat.toFixed(5)}°N`;
    });
    mapRef.current = map;
    register(testId, map);
    onReady?.(map);
    return () => {
      map.setTarget(undefined);
      mapRef.current = null;
      register(testId, null);
    };
  }, []);

  useEffect(() => {
    for (const [k, m] of net) m.layer.setVisible(visible.includes(k));
  }, [visible, net]);
  useEffect(() => {
    for (const [k, o] of over) o.layer.setVisible(overlays.includes(k));
    if (card && !overlays.includes(card.key)) setCard(null);
    // live layers refresh while shown
    const shown = LIVE.filter((k) => overlays.includes(k));
    if (!shown.length) return;
    const timer = setInterval(() => {
      for (const k of shown) over.get(k)?.source.refresh();
    }, LIVE_MS);
    return () => clearInterval(timer);
  }, [overlays, over, card]);
  useEffect(() => base.layer.setVisible(basemap), [basemap, base]);
  // the theme restyles every layer
  useEffect(() => {
    void dark;
    base.layer.changed();
    for (const m of net.values()) m.layer.changed();
    for (const o of over.values()) o.layer.changed();
  }, [dark, base, net, over]);

  const palette = PALETTE[dark ? 'dark' : 'light'];
  return (
    <div
      className={className}
      data-testid={testId}
      data-theme={dark ? 'dark' : 'light'}
      style={{
        width: '100%',
        height: 480,
        background: basemap ? palette.background : dark ? '#141414' : '#f5f7fa',
        position: 'relative',
        ...style,
      }}
    >
      <div ref={el} style={{ position: 'absolute', inset: 0 }} />
      {controls && (
        <>
          <div
            ref={coordsRef}
            data-testid="map-coords"
            className="swp-map-coords"
            style={{
              position: 'absolute',
              right: 8,
              bottom: 8,
              padding: '2px 8px',
              fontSize: 12,
              fontFamily: 'monospace',
              borderRadius: 4,
              background: dark ? 'rgba(0,0,0,0.6)' : 'rgba(255,255,255,0.85)',
              color: dark ? '#d9d9d9' : '#333',
              pointerEvents: 'none',
            }}
          />
          <MapLegend visible={visible} overlays={overlays} basemap={basemap} dark={dark} />
        </>
      )}
      {card && <OverlayCard layer={card.key} item={card.item} onClose={() => setCard(null)} dark={dark} />}
    </div>
  );
}

export type { OlMap };
