/**
 * The spec's `mobile-config/getGisLayerId`: the map service's address and the layer ids the app draws, which are
 * the layers the administrator chose in the app settings (`gisLayers`, keys or ids; empty = every layer). The
 * task map's stored network (`task/network`) is held to the same choice, so an unchosen layer is neither served
 * nor kept on the phone for offline use.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/envelope.ts';
import { signedIn } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { GIS_PROXY, GIS_TOLERANCE, GIS_WKID, LAYERS, layerByRef } from '../gis/index.ts';
import { tenantOf } from './common.ts';
import { settingsOf } from './settings.ts';

/** The layer keys a tenant's app shows (every layer when none is chosen). */
export function chosenLayers(gisLayers: string): Set<string> {
  const refs = gisLayers
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const keys = refs.map((r) => layerByRef(r)?.key).filter((k): k is string => !!k);
  return new Set(refs.length ? keys : LAYERS.map((l) => l.key));
}

export function layerRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/blade-system/mobile-config/getGisLayerId', signedIn, async (req) => {
    const keys = chosenLayers((await settingsOf(ctx, tenantOf(req))).gisLayers);
    const layers = LAYERS.filter((l) => keys.has(l.key));
    return ok({
      proxyPath: `/api${GIS_PROXY}`,
      wkid: GIS_WKID,
      tolerance: GIS_TOLERANCE,
      layers: layers.map((l) => ({ layerId: l.id, layerKey: l.key, layerName: l.name, geometryType: l.geometryType })),
      ...Object.fromEntries(layers.map((l) => [`${l.key}LayerId`, l.id])),
    });
  });
}
