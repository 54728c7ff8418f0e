/**
 * The online basemap (issue 24): the tenant's tile layers (`GET /api/swp-gis/tiles`: Tianditu with its key, an XYZ
 * template or a WMTS capabilities URL) as OpenLayers tile layers. The browser fetches the tiles itself; OpenLayers
 * reprojects them from EPSG:3857 (or Tianditu's EPSG:4326 grid, or the WMTS layer's own projection) into the map's
 * EPSG:4548. `watch` reports when tiles keep failing (no internet, a wrong key) so the map falls back to the offline
 * basemap.
 */
import TileLayer from 'ol/layer/Tile';
import { get as getProjection } from 'ol/proj';
import type TileSource from 'ol/source/Tile';
import WMTS, { optionsFromCapabilities } from 'ol/source/WMTS';
import XYZ from 'ol/source/XYZ';
import TileGrid from 'ol/tilegrid/TileGrid';
import type { TileConfig, TileLayerSpec } from './mapApi';

/** Tianditu's EPSG:4326 matrix set `c`: level 1 is two 256 px tiles across the world (0.703125°/px) */
export const TIANDITU_C_GRID_RESOLUTIONS = Array.from({ length: 18 }, (_, i) => 0.703125 / 2 ** i);

/** a template's URL for one tile; `{0-7}`-style host ranges pick a host by the tile (as OpenLayers does) */
export function fillTemplate(template: string, z: number, x: number, y: number): string {
  const n = 2 ** z;
  const range = /\{(\d)-(\d)\}|\{([a-z])-([a-z])\}/.exec(template);
  let url = template;
  if (range) {
    const [a, b] =
      range[1] !== undefined ? [Number(range[1]), Number(range[2])] : [range[3].charCodeAt(0), range[4].charCodeAt(0)];
    const pick = a + (Math.abs(x + y) % (b - a + 1));
    url = url.replace(range[0], range[1] !== undefined ? String(pick) : String.fromCharCode(pick));
  }
  return url
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{-y}', String(n - y - 1));
}

function xyzSource(spec: Extract<TileLayerSpec, { type: 'xyz' }>): TileSource {
  if (spec.grid === 'tianditu-c') {
    // Tianditu's level = the grid's zoom + 1
    return new XYZ({
      projection: getProjection('EPSG:4326') ?? 'EPSG:4326',
      tileGrid: new TileGrid({
        extent: [-180, -90, 180, 90],
        origin: [-180, 90],
        resolutions: TIANDITU_C_GRID_RESOLUTIONS,
        tileSize: 256,
      }),
      tileUrlFunction: ([z, x, y]) => fillTemplate(spec.url, z + 1, x, y),
      crossOrigin: 'anonymous',
      attributions: spec.attribution || undefined,
      wrapX: false,
    });
  }
  return new XYZ({
    projection: 'EPSG:3857',
    maxZoom: spec.maxZoom,
    tileUrlFunction: ([z, x, y]) => fillTemplate(spec.url, z, x, y),
    crossOrigin: 'anonymous',
    attributions: spec.attribution || undefined,
    wrapX: false,
  });
}

async function wmtsSource(spec: Extract<TileLayerSpec, { type: 'wmts' }>): Promise<TileSource> {
  const { default: WMTSCapabilities } = await import('ol/format/WMTSCapabilities');
  const res = await fetch(spec.url);
  if (!res.ok) throw new Error(`WMTS ${res.status}`);
  const caps = new WMTSCapabilities().read(await res.text());
  const options = optionsFromCapabilities(caps, {
    layer: spec.layer,
    ...(spec.matrixSet ? { matrixSet: spec.matrixSet } : {}),
  });
  if (!options) throw new Error(`WMTS layer ${spec.layer} not offered`);
  return new WMTS({ ...options, crossOrigin: 'anonymous', attributions: spec.attribution || undefined, wrapX: false });
}

export interface OnlineBasemap {
  layers: TileLayer<TileSource>[];
  /** calls back once when tiles keep failing: `failAfter` errors in a row with no tile drawn in between */
  watch(onFail: () => void, failAfter?: number): () => void;
}

/** The tile layers of a configuration, below the vector layers (the label layer above the base). */
export async function onlineBasemap(config: TileConfig): Promise<OnlineBasemap> {
  const layers = await Promise.all(
    config.layers.map(async (spec, k) => {
      const source = spec.type === 'xyz' ? xyzSource(spec) : await wmtsSource(spec);
      return new TileLayer({ source, zIndex: -20 + k, properties: { key: `online.${spec.role}`, online: true } });
    }),
  );
  return {
    layers,
    watch(onFail, failAfter = 4) {
      let errors = 0;
      let done = false;
      const fail = () => {
        errors++;
        if (!done && errors >= failAfter) {
          done = true;
          onFail();
        }
      };
      const okay = () => {
        errors = 0;
      };
      const sources = layers.map((l) => l.getSource()).filter((s): s is TileSource => !!s);
      for (const s of sources) {
        s.on('tileloaderror', fail);
        s.on('tileloadend', okay);
      }
      return () => {
        for (const s of sources) {
          s.un('tileloaderror', fail);
          s.un('tileloadend', okay);
        }
      };
    },
  };
}
