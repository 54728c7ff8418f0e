/** The legend of what the map shows: the basemap's areas, the network layers and the business layers shown. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PALETTE } from './basemapLayer';
import type { OverlayKey } from './mapApi';
import { LEGEND, type NetworkLayerKey } from './networkLayers';
import { DEVICE_STATE_COLOURS, OVERLAY_COLOURS } from './overlayLayers';

const swatch = (color: string, shape: 'box' | 'line' | 'dot' = 'box') => (
  <span
    aria-hidden
    style={{
      display: 'inline-block',
      width: shape === 'line' ? 16 : 10,
      height: shape === 'line' ? 4 : 10,
      borderRadius: shape === 'dot' ? 5 : 2,
      background: color,
      marginRight: 6,
      verticalAlign: 'middle',
    }}
  />
);

export function MapLegend({
  visible,
  overlays,
  basemap,
  dark,
}: {
  visible: NetworkLayerKey[];
  overlays: OverlayKey[];
  basemap: boolean;
  dark: boolean;
}) {
  const { t } = useTranslation();
  // folded at first: the map stays clear, one click shows what each colour means
  const [open, setOpen] = useState(false);
  const p = PALETTE[dark ? 'dark' : 'light'];
  const rows: [string, string, 'box' | 'line' | 'dot'][] = [];
  if (basemap)
    rows.push(
      [t('swpMap.base.street'), p.street === '#ffffff' ? '#bfb6a6' : p.street, 'line'],
      [t('swpMap.base.block'), p.block, 'box'],
      [t('swpMap.base.water'), p.water, 'box'],
      [t('swpMap.base.park'), p.park, 'box'],
    );
  for (const k of visible) rows.push([t(`gis.layer.${k}`), LEGEND[k], k === 'pipe' ? 'line' : 'dot']);
  for (const k of overlays) {
    if (k === 'devices') {
      for (const s of ['online', 'offline', 'alarm'] as const)
        rows.push([`${t('swpMap.overlay.devices')} · ${t(`swpMap.deviceState.${s}`)}`, DEVICE_STATE_COLOURS[s], 'box']);
    } else rows.push([t(`swpMap.overlay.${k}`), OVERLAY_COLOURS[k], k === 'dmas' ? 'line' : 'dot']);
  }
  if (!rows.length) return null;
  return (
    <div
      data-testid="map-legend"
      style={{
        position: 'absolute',
        left: 8,
        bottom: 8,
        maxHeight: '60%',
        overflow: 'auto',
        padding: '4px 8px',
        fontSize: 12,
        borderRadius: 4,
        background: dark ? 'rgba(0,0,0,0.65)' : 'rgba(255,255,255,0.9)',
        color: dark ? '#d9d9d9' : '#333',
        zIndex: 5,
      }}
    >
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        data-testid="map-legend-toggle"
        style={{ all: 'unset', cursor: 'pointer', fontWeight: 600 }}
      >
        {t('swpMap.legend')} {open ? '▾' : '▸'}
      </button>
      {open &&
        rows.map(([label, color, shape]) => (
          <div key={label} style={{ whiteSpace: 'nowrap', lineHeight: '18px' }}>
            {swatch(color, shape)}
            {label}
          </div>
        ))}
    </div>
  );
}
