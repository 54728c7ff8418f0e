/**
 * The state of a SwpMap: its layers (basemap, network, business) made once, the OpenLayers map made once on the
 * element, the shown layers following the props (live ones refreshed), the online basemap, and the theme's restyle.
 * The effects keep their order: map, network layers, business layers, online basemap, theme.
 */
import type BaseLayer from 'ol/layer/Base';
import type OlMap from 'ol/Map';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type BasemapFetch, basemapLayer } from './basemapLayer';
import type { OverlayItem, OverlayKey } from './mapApi';
import { createOlMap, register, wireMap } from './mapInstance';
import { makeLayer, NETWORK_LAYERS, type NetworkLayerKey } from './networkLayers';
import { LIVE, overlayLayer } from './overlayLayers';
import { useOnlineBasemap } from './useOnlineBasemap';

const LIVE_MS = 30_000;

export function useSwpMap(o: {
  visible: NetworkLayerKey[];
  overlays: OverlayKey[];
  basemap: boolean;
  controls: boolean;
  onClick?: (x: number, y: number, map: OlMap) => void;
  onReady?: (map: OlMap) => void;
  center?: [number, number];
  zoom: number;
  testId: string;
  dark: boolean;
  basemapSource?: BasemapFetch;
}) {
  const { visible, overlays, basemap, dark } = o;
  const el = useRef<HTMLDivElement>(null);
  const coordsRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<OlMap | null>(null);
  const darkRef = useRef(dark);
  darkRef.current = dark;
  const clickRef = useRef(o.onClick);
  clickRef.current = o.onClick;
  const [card, setCard] = useState<{ key: OverlayKey; item: OverlayItem } | null>(null);

  const net = useMemo(() => new Map(NETWORK_LAYERS.map((k) => [k, makeLayer(k, () => darkRef.current)] as const)), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the basemap's source is an initial value
  const base = useMemo(() => basemapLayer(() => darkRef.current, o.basemapSource), []);
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
      ...[...over.values()].map((x) => x.layer),
    ];
    const map = createOlMap({ target: el.current, layers, scaleBar: o.controls, center: o.center, zoom: o.zoom });
    wireMap(map, {
      resolution: (r) => {
        for (const m of net.values()) m.onResolution(r);
        base.onResolution(r);
      },
      card: setCard,
      click: (x, y) => clickRef.current?.(x, y, map),
      coords: () => coordsRef.current,
    });
    mapRef.current = map;
    register(o.testId, map);
    o.onReady?.(map);
    return () => {
      map.setTarget(undefined);
      mapRef.current = null;
      register(o.testId, null);
    };
  }, []);

  useEffect(() => {
    for (const [k, m] of net) m.layer.setVisible(visible.includes(k));
  }, [visible, net]);
  useEffect(() => {
    for (const [k, x] of over) x.layer.setVisible(overlays.includes(k));
    if (card && !overlays.includes(card.key)) setCard(null);
    // live layers refresh while shown
    const shown = LIVE.filter((k) => overlays.includes(k));
    if (!shown.length) return;
    const timer = setInterval(() => {
      for (const k of shown) over.get(k)?.source.refresh();
    }, LIVE_MS);
    return () => clearInterval(timer);
  }, [overlays, over, card]);
  const online = useOnlineBasemap(mapRef, base, basemap, !!o.basemapSource);
  // the theme restyles every layer
  useEffect(() => {
    void dark;
    base.layer.changed();
    for (const m of net.values()) m.layer.changed();
    for (const x of over.values()) x.layer.changed();
  }, [dark, base, net, over]);

  return { el, coordsRef, card, closeCard: () => setCard(null), online };
}
