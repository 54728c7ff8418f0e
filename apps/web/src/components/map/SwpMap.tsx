/**
 * The one map of the console (issue 24): OpenLayers in EPSG:4548 over the offline basemap of the demo city, with
 * the pipe-network layers (level of detail by resolution), the business layers (devices, open alarms, burst events,
 * DMAs, staff; a click opens the item's card with a link to its screen), a scale bar, the pointer's coordinates in
 * EPSG:4548 and longitude/latitude, and a legend of what is shown. Follows the shell's theme (dark basemap and
 * pipes in the dark theme). When the tenant has an online basemap (Tianditu, XYZ or WMTS; `onlineLayer.ts`) it is drawn
 * instead of the offline one, with a switch between the two, and the map falls back to the offline basemap when its
 * tiles keep failing. Administrators open the online basemap setting from the map. The network screen, the DMA and hydraulic maps, the pickers and patrol all draw it;
 * screens add their own layers through `onReady`.
 */
import 'ol/ol.css';
import { SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented, Tooltip } from 'antd';
import { defaults as defaultControls } from 'ol/control/defaults';
import ScaleLine from 'ol/control/ScaleLine';
import type Feature from 'ol/Feature';
import type { Geometry } from 'ol/geom';
import type BaseLayer from 'ol/layer/Base';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shellTheme } from '../../lib/themes';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { type BasemapFetch, basemapLayer, PALETTE } from './basemapLayer';
import { MapLegend } from './MapLegend';
import { mapApi, type OverlayItem, type OverlayKey } from './mapApi';
import { DEFAULT_VISIBLE, makeLayer, NETWORK_LAYERS, type NetworkLayerKey } from './networkLayers';
import { OverlayCard } from './OverlayCard';
import { type OnlineBasemap, onlineBasemap } from './onlineLayer';
import { LIVE, overlayLayer } from './overlayLayers';
import { DEMO_CENTER, projection4548, toLonLat4548 } from './proj';
import { TileSettingsDialog } from './TileSettingsDialog';

export interface SwpMapProps {
  /** network layers shown */
  visible?: NetworkLayerKey[];
  /** business layers shown */
  overlays?: OverlayKey[];
  /** the basemap (default on): the tenant's online basemap when it has one, else the offline one */
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
  /** force the dark or light styling (screens outside the shell, such as the big screen); default: the shell's theme */
  dark?: boolean;
  /** where the basemap is read from (default gis's basemap route; a share link reads it through its own route) */
  basemapSource?: BasemapFetch;
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
  dark: forceDark,
  basemapSource,
}: SwpMapProps) {
  const el = useRef<HTMLDivElement>(null);
  const coordsRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<OlMap | null>(null);
  const shellDark = shellTheme(useUi((s) => s.themeName)).dark;
  const dark = forceDark ?? shellDark;
  const darkRef = useRef(dark);
  darkRef.current = dark;
  const clickRef = useRef(onClick);
  clickRef.current = onClick;
  const [card, setCard] = useState<{ key: OverlayKey; item: OverlayItem } | null>(null);
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.roles.includes('administrator'));
  // the online basemap: loaded once the map exists; `mode` picks it or the offline one
  const [online, setOnline] = useState<OnlineBasemap | null>(null);
  const [mode, setMode] = useState<'online' | 'offline'>('offline');
  const [fellBack, setFellBack] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [tilesRev, setTilesRev] = useState(0);

  const net = useMemo(() => new Map(NETWORK_LAYERS.map((k) => [k, makeLayer(k, () => darkRef.current)] as const)), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the basemap's source is an initial value
  const base = useMemo(() => basemapLayer(() => darkRef.current, basemapSource), []);
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
  // the tenant's online basemap, reloaded after the setting is saved
  const loadOnline = useCallback(
    (map: OlMap, signal: { stop: boolean }) =>
      mapApi
        .tiles()
        .then(async (cfg) => {
          if (signal.stop || !cfg.layers.length) return null;
          const ob = await onlineBasemap(cfg);
          if (signal.stop) return null;
          for (const l of ob.layers) map.addLayer(l);
          return ob;
        })
        .catch(() => null),
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: tilesRev asks for a reload after saving the setting
  useEffect(() => {
    const map = mapRef.current;
    // a screen opened by a share link reads its basemap through the link (basemapSource) and has no session for
    // the tenant's tile setting: it keeps the offline basemap
    if (!map || !basemap || basemapSource) return;
    const signal = { stop: false };
    let ob: OnlineBasemap | null = null;
    let unwatch = () => {};
    void loadOnline(map, signal).then((got) => {
      if (!got) {
        setOnline(null);
        setMode('offline');
        return;
      }
      ob = got;
      setOnline(got);
      setFellBack(false);
      setMode('online');
      // tiles keep failing (no internet, a wrong key): the offline basemap takes over
      unwatch = got.watch(() => {
        setMode('offline');
        setFellBack(true);
      });
    });
    return () => {
      signal.stop = true;
      unwatch();
      for (const l of ob?.layers ?? []) map.removeLayer(l);
    };
  }, [basemap, loadOnline, tilesRev]);
  const showOnline = basemap && !!online && mode === 'online';
  useEffect(() => {
    base.layer.setVisible(basemap && !showOnline);
    for (const l of online?.layers ?? []) l.setVisible(showOnline);
  }, [basemap, base, online, showOnline]);
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
      data-basemap={!basemap ? 'none' : showOnline ? 'online' : 'offline'}
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
          <MapLegend visible={visible} overlays={overlays} basemap={basemap && !showOnline} dark={dark} />
          {basemap && (online || isAdmin) && (
            <div
              style={{
                position: 'absolute',
                top: 8,
                right: 8,
                zIndex: 10,
                display: 'flex',
                gap: 4,
                alignItems: 'center',
              }}
            >
              {online && (
                <Segmented
                  size="small"
                  data-testid="map-basemap-switch"
                  aria-label={t('swpMap.basemapSwitch')}
                  value={mode}
                  onChange={(v) => {
                    setMode(v as 'online' | 'offline');
                    setFellBack(false);
                  }}
                  options={[
                    { value: 'online', label: t('swpMap.online') },
                    { value: 'offline', label: t('swpMap.offline') },
                  ]}
                />
              )}
              {isAdmin && (
                <Tooltip title={t('swpMap.tiles.open')}>
                  <Button
                    size="small"
                    icon={<SettingOutlined />}
                    aria-label={t('swpMap.tiles.open')}
                    data-testid="map-tile-settings"
                    onClick={() => setSettingsOpen(true)}
                  />
                </Tooltip>
              )}
            </div>
          )}
          {fellBack && (
            <Alert
              type="warning"
              showIcon
              closable
              data-testid="map-basemap-fallback"
              message={t('swpMap.fallback')}
              onClose={() => setFellBack(false)}
              style={{ position: 'absolute', top: 44, right: 8, zIndex: 10, maxWidth: 320 }}
            />
          )}
          {isAdmin && (
            <TileSettingsDialog
              open={settingsOpen}
              onClose={(saved) => {
                setSettingsOpen(false);
                if (saved) setTilesRev((r) => r + 1);
              }}
            />
          )}
        </>
      )}
      {card && <OverlayCard layer={card.key} item={card.item} onClose={() => setCard(null)} dark={dark} />}
    </div>
  );
}

export type { OlMap };
