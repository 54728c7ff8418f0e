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
import type OlMap from 'ol/Map';
import type { CSSProperties } from 'react';
import { shellTheme } from '../../lib/themes';
import { useUi } from '../../stores/ui';
import { BasemapControls } from './BasemapControls';
import { type BasemapFetch, PALETTE } from './basemapLayer';
import { MapCoords } from './MapCoords';
import { MapLegend } from './MapLegend';
import type { OverlayKey } from './mapApi';
import { DEFAULT_VISIBLE, type NetworkLayerKey } from './networkLayers';
import { OverlayCard } from './OverlayCard';
import { useSwpMap } from './useSwpMap';

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
  const shellDark = shellTheme(useUi((s) => s.themeName)).dark;
  const dark = forceDark ?? shellDark;
  const { el, coordsRef, card, closeCard, online } = useSwpMap({
    visible,
    overlays,
    basemap,
    controls,
    onClick,
    onReady,
    center,
    zoom,
    testId,
    dark,
    basemapSource,
  });
  const showOnline = online.showOnline;

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
          <MapCoords ref={coordsRef} dark={dark} />
          <MapLegend visible={visible} overlays={overlays} basemap={basemap && !showOnline} dark={dark} />
          <BasemapControls basemap={basemap} online={online} />
        </>
      )}
      {card && <OverlayCard layer={card.key} item={card.item} onClose={closeCard} dark={dark} />}
    </div>
  );
}

export type { OlMap };
