/**
 * The shared map's data (issue 24):
 * - GET /swp-gis/basemap?bbox=xmin,ymin,xmax,ymax&resolution=   the offline basemap in the box (GeoJSON, EPSG:4548)
 * - GET /swp-gis/overlay/{devices|alarms|bursts|dmas|staff}?bbox=  the business layers' points in the box
 * - GET /swp-gis/tiles                  the tenant's online basemap layers (URL templates) for the map, or none
 * - GET|POST /swp-gis/tile-setting       the online basemap setting (administrators; the key shown masked)
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../core/envelope.ts';
import { adminOnly, byMenu, signedIn, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { basemapFor } from './basemap-service.ts';
import { OVERLAYS, type OverlayKey, overlay } from './overlays.ts';
import { maskedSetting, readTileSetting, saveTileSetting, tileConfig, tileSettingInput } from './tiles.ts';

/** the box of one request may not exceed the projection zone's width (a whole province at most) */
const MAX_SPAN = 400_000;

function parseBox(raw: string | undefined, required: boolean): [number, number, number, number] | null {
  if (raw === undefined || raw === '') {
    if (required) throw badRequest('缺少必要的请求参数: bbox');
    return null;
  }
  const a = raw.split(',').map(Number);
  if (a.length !== 4 || !a.every(Number.isFinite) || a[2] <= a[0] || a[3] <= a[1])
    throw badRequest('参数校验失败: bbox 应为 xmin,ymin,xmax,ymax (EPSG:4548 米)');
  if (a[2] - a[0] > MAX_SPAN || a[3] - a[1] > MAX_SPAN) throw badRequest('参数校验失败: bbox 范围过大 (最大 400 公里)');
  return a as [number, number, number, number];
}

const basemapQuery = z.object({
  bbox: z.string().optional(),
  resolution: z.coerce
    .number({ error: 'resolution 必须是数值' })
    .refine(Number.isFinite, 'resolution 必须是数值')
    .pipe(z.number().positive('resolution 必须大于 0'))
    .optional(),
});

/** who may read each layer: the map screen, plus the screens the layer belongs to */
const GRANTS: Record<OverlayKey, string[]> = {
  devices: ['gis_map', 'device_base'],
  alarms: ['gis_map', 'alarm_info'],
  bursts: ['gis_map', 'burst_event'],
  dmas: ['gis_map', 'dma_zone', 'hydraulic_model'],
  staff: ['gis_map', 'location_monitor'],
};

export function mapRoutes(app: FastifyInstance, ctx: AppContext) {
  // every map (the network screen, the pickers of every form) draws the basemap
  app.get('/swp-gis/basemap', signedIn, async (req) => {
    const q = basemapQuery.parse(req.query);
    const box = parseBox(q.bbox, true) as [number, number, number, number];
    return ok(await basemapFor(ctx.db, req.tenantId, box, q.resolution ?? 1));
  });
  // the online basemap: every map draws it when the tenant has one
  app.get('/swp-gis/tiles', signedIn, async (req) => ok(await tileConfig(ctx.db, req.tenantId)));
  app.get('/swp-gis/tile-setting', adminOnly, async (req) =>
    ok(maskedSetting(await readTileSetting(ctx.db, req.tenantId))),
  );
  app.post('/swp-gis/tile-setting', adminOnly, async (req) => {
    const input = tileSettingInput.parse(req.body ?? {});
    const saved = await saveTileSetting(ctx.db, req.tenantId, input, userOf(req).userId ?? null);
    return ok(maskedSetting(saved));
  });
  for (const key of OVERLAYS) {
    app.get(`/swp-gis/overlay/${key}`, byMenu(...GRANTS[key]), async (req) => {
      const q = z.object({ bbox: z.string().optional() }).parse(req.query);
      return ok(await overlay(ctx.db, req.tenantId, key, parseBox(q.bbox, false)));
    });
  }
}
