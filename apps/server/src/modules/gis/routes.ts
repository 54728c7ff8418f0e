/**
 * GIS, coordinates, dispatch and meter routes (mounted under /api and bare):
 *
 * ArcGIS REST subset under the proxy path (spec 2 §7 "GIS"; parameters in the query string or a form body):
 * - GET|POST {GIS_PROXY}/metas                layers, fields, aliases
 * - GET|POST {GIS_PROXY}/identify             geometry, geometryType, tolerance (px), mapExtent, imageDisplay,
 *                                             layers (top|visible|all[:ids]), returnGeometry, sr, f=json
 * - GET|POST {GIS_PROXY}/{layer}/query        where, objectIds, outFields, returnGeometry, geometry(+Type, inSR),
 *                                             distance, orderByFields, resultOffset, resultRecordCount,
 *                                             returnCountOnly, maxAllowableOffset, f=json
 * - GET /blade-system/mobile-config/getGisLayerId (registered by modules/app, filtered by the app settings)
 * Coordinates and address (x = easting / longitude, y = northing / latitude):
 * - GET  /swp-pipeops-location/coordinate/transReverse?x=lon&y=lat&h=   → plane x, y
 * - POST /swp-pipeops-location/coordinate/transBatch  [{x,y,h}] or { points, reverse }  → lon/lat (or plane)
 * - GET  /swp-pipeops-location/map/getAddress?lon=&lat=                 → formattedAddress
 * Dispatch:
 * - GET  /swp-dispatch/wsnc-squibbing-event/page, /detail?id=, /valve-list?eventId=
 * - POST /swp-dispatch/wsnc-squibbing-event/analyse { pipeGid | x,y, title }  → a new event with its analysis
 * - POST /swp-dispatch/wsnc-squibbing-event/preview { pipeGid | x,y }  → the analysis only, nothing stored
 * - POST /swp-dispatch/wsnc-squibbing-event/confirm { pipeGid, x,y, title, networkVersion } → the previewed event,
 *                                             stored (refused when the network changed since the preview)
 * - POST /swp-dispatch/wsnc-squibbing-event/void { id, reason }  → 作废 (kept, status 3, reason in the row and log)
 * - POST /swp-dispatch/wsnc-squibbing-event/close-valve { eventId, valveGid, closed }
 * - POST /swp-dispatch/wsnc-squibbing-event/share { eventId, ttl, renew } → link token for /list-operate/shutValue
 * - GET  /swp-dispatch/shut-value/view?token=            (public) the event's valves, in order, each with its
 *                                             road, nearest address and longitude/latitude
 * - POST /swp-dispatch/shut-value/close { token, valveGid, closed }  (public) mark a valve of that event
 * - GET  /swp-integration/smcs/endpoint/meter-page?current&size   meters of the network
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { pageOf, parsePaging } from '../../core/query.ts';
import { tenantSql } from '../../core/scoped.ts';
import { writeUsualLog } from '../log/index.ts';
import { burstPressureOf } from './burst-pressure.ts';
import {
  burstEventPageResource,
  createBurstEvent,
  eventDetail,
  markValve,
  previewBurst,
  SHARE_TTL_SECONDS,
  shareToken,
  valveList,
  verifyShareToken,
  voidEvent,
} from './dispatch.ts';
import { networkImportRoutes } from './import/routes.ts';
import { LAYERS } from './layers.ts';
import { placesOf, reverseGeocode, toGeo, toPlane } from './location.ts';
import { mapRoutes } from './map-routes.ts';
import { gisNode } from './schema.ts';
import { DEFAULT_TOLERANCE, identify, MAX_RECORDS, metas, queryLayer, WKID } from './service.ts';

/** The GIS service's proxy path (spec: `/lc-gis/proxyHopeServer/.../gis/{layer}/query`). */
export const GIS_PROXY = '/lc-gis/proxyHopeServer/rest/services/gis';

// Route grants (core/gate.ts `byMenu` / `signedIn` build exactly these route options)
const byMenu = (...codes: string[]) => ({ config: { grant: codes } });
const signedIn = { config: { grant: 'signed-in' as const } };
const READ_GIS = signedIn; // the map screen and the equipment / map pickers of every form read the layers
const READ_EVENTS = byMenu('burst_event', 'gis_map');

function params(req: { query: unknown; body: unknown }): Record<string, unknown> {
  const b = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as object) : {};
  return { ...(req.query as object), ...b };
}

const num = (name: string) =>
  z.coerce.number({ error: `${name} 必须是数值` }).refine(Number.isFinite, `${name} 必须是数值`);
const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** `x,y` or `{"x":..,"y":..}` → point; `xmin,ymin,xmax,ymax` or `{"xmin":..}` → envelope. */
function parseGeometry(raw: unknown, type: unknown) {
  if (raw === undefined || raw === null || raw === '') return {};
  let v: unknown = raw;
  if (typeof raw === 'string') {
    const s = raw.trim();
    if (s.startsWith('{')) {
      try {
        v = JSON.parse(s);
      } catch {
        throw badRequest('参数校验失败: geometry 不是有效的 JSON');
      }
    } else v = s.split(',').map((p) => Number(p));
  }
  const isEnv =
    type === 'esriGeometryEnvelope' || (Array.isArray(v) && v.length === 4) || (v as any)?.xmin !== undefined;
  if (isEnv) {
    const a = Array.isArray(v) ? v : [(v as any).xmin, (v as any).ymin, (v as any).xmax, (v as any).ymax];
    const [xmin, ymin, xmax, ymax] = a.map(Number);
    if (![xmin, ymin, xmax, ymax].every(Number.isFinite) || xmin > xmax || ymin > ymax)
      throw badRequest('参数校验失败: geometry 不是有效的范围 (xmin,ymin,xmax,ymax)');
    return { envelope: { xmin, ymin, xmax, ymax } };
  }
  const a = Array.isArray(v) ? v : [(v as any)?.x, (v as any)?.y];
  const [x, y] = a.map(Number);
  if (a.length !== 2 || !Number.isFinite(x) || !Number.isFinite(y))
    throw badRequest('参数校验失败: geometry 不是有效的点 (x,y)');
  return { point: { x, y } };
}

function checkSr(raw: unknown, name: string) {
  if (raw === undefined || raw === '') return;
  let wkid: unknown = raw;
  if (typeof raw === 'string' && raw.trim().startsWith('{')) {
    try {
      wkid = JSON.parse(raw).wkid;
    } catch {
      throw badRequest(`参数校验失败: ${name} 不是有效的空间参考`);
    }
  }
  if (Number(wkid) !== WKID) throw badRequest(`参数校验失败: ${name} 只支持 wkid ${WKID}`);
}

const identifySchema = z.object({
  geometry: z.unknown(),
  geometryType: z.enum(['esriGeometryPoint', 'esriGeometryEnvelope']).optional(),
  tolerance: num('tolerance').pipe(z.number().min(0, 'tolerance 不能为负').max(500, 'tolerance 最大 500')).optional(),
  mapExtent: z.string({ error: '缺少必要的请求参数: mapExtent' }),
  imageDisplay: z.string().optional(),
  layers: z.string().optional(),
  returnGeometry: bool.optional(),
  sr: z.unknown().optional(),
  f: z.string().optional(),
});

const querySchema = z.object({
  where: z.string().max(2000, 'where 最多 2000 个字符').optional(),
  objectIds: z.string().optional(),
  outFields: z.string().optional(),
  returnGeometry: bool.optional(),
  geometry: z.unknown().optional(),
  geometryType: z.enum(['esriGeometryPoint', 'esriGeometryEnvelope']).optional(),
  inSR: z.unknown().optional(),
  outSR: z.unknown().optional(),
  spatialRel: z.enum(['esriSpatialRelIntersects', 'esriSpatialRelEnvelopeIntersects']).optional(),
  distance: num('distance').pipe(z.number().min(0).max(10_000, 'distance 最大 10000 米')).optional(),
  units: z.string().optional(),
  orderByFields: z.string().optional(),
  resultOffset: num('resultOffset').pipe(z.number().int().min(0)).optional(),
  resultRecordCount: num('resultRecordCount')
    .pipe(z.number().int().min(1).max(MAX_RECORDS, `resultRecordCount 最大 ${MAX_RECORDS}`))
    .optional(),
  returnCountOnly: bool.optional(),
  maxAllowableOffset: num('maxAllowableOffset').pipe(z.number().min(0)).optional(),
  f: z.string().optional(),
});

/** plane → `{lon, lat}` */
function toGeoNamed(x: number, y: number) {
  const g = toGeo(x, y);
  return { lon: g.x, lat: g.y };
}

const point3 = z.object({ x: num('x'), y: num('y'), h: num('h').optional() });
export function gisRoutes(app: FastifyInstance, ctx: AppContext) {
  networkImportRoutes(app, ctx);
  mapRoutes(app, ctx);
  arcgisRoutes(app, ctx);
  coordinateRoutes(app, ctx);
  burstEventReadRoutes(app, ctx);
  burstEventWriteRoutes(app, ctx);
  shareLinkRoutes(app, ctx);
  meterRoutes(app, ctx);
}

/** The ArcGIS REST subset the map and the pickers read the layers through (`GIS_PROXY`). */
function arcgisRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const method of ['get', 'post'] as const) {
    app[method](`${GIS_PROXY}/metas`, READ_GIS, async () => metas());

    app[method](`${GIS_PROXY}/identify`, READ_GIS, async (req) => {
      const p = identifySchema.parse(params(req));
      checkSr(p.sr, 'sr');
      const geo = parseGeometry(p.geometry, p.geometryType);
      if (!geo.point && !geo.envelope) throw badRequest('缺少必要的请求参数: geometry');
      const ext = p.mapExtent.split(',').map(Number);
      if (ext.length !== 4 || !ext.every(Number.isFinite) || ext[2] <= ext[0] || ext[3] <= ext[1])
        throw badRequest('参数校验失败: mapExtent 应为 xmin,ymin,xmax,ymax');
      const disp = (p.imageDisplay ?? '400,400,96').split(',').map(Number);
      if (disp.length < 2 || !(disp[0] > 0) || !(disp[1] > 0))
        throw badRequest('参数校验失败: imageDisplay 应为 width,height,dpi');
      const lm = /^(top|visible|all)(?::([\d,\s]*))?$/.exec((p.layers ?? 'all').trim());
      if (!lm) throw badRequest('参数校验失败: layers 应为 top、visible 或 all, 可带图层编号 (如 all:0,2)');
      const ids = lm[2]
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map(Number);
      for (const id of ids ?? []) if (!LAYERS.some((l) => l.id === id)) throw badRequest(`图层不存在: ${id}`);
      return identify(ctx.db, req.tenantId, {
        ...geo,
        tolerance: p.tolerance ?? DEFAULT_TOLERANCE,
        mapExtent: { xmin: ext[0], ymin: ext[1], xmax: ext[2], ymax: ext[3] },
        imageDisplay: { width: disp[0], height: disp[1] },
        layerMode: lm[1] as 'top' | 'visible' | 'all',
        layerIds: ids,
        returnGeometry: p.returnGeometry ?? true,
      });
    });

    app[method](`${GIS_PROXY}/:layer/query`, READ_GIS, async (req) => {
      const { layer } = req.params as { layer: string };
      const p = querySchema.parse(params(req));
      checkSr(p.inSR, 'inSR');
      checkSr(p.outSR, 'outSR');
      const geo = parseGeometry(p.geometry, p.geometryType);
      const objectIds = p.objectIds
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => {
          if (!/^\d{1,9}$/.test(s)) throw badRequest(`参数校验失败: objectIds 含非法编号 ${s}`);
          return Number(s);
        });
      if (objectIds && objectIds.length > MAX_RECORDS)
        throw badRequest(`参数校验失败: objectIds 最多 ${MAX_RECORDS} 个`);
      const outFields =
        !p.outFields || p.outFields.trim() === '*'
          ? '*'
          : p.outFields
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean);
      const orderBy = p.orderByFields
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => {
          const m = /^([A-Za-z_]\w*)(?:\s+(ASC|DESC))?$/i.exec(s);
          if (!m) throw badRequest(`参数校验失败: orderByFields 无法识别 ${s}`);
          return { field: m[1], desc: m[2]?.toUpperCase() === 'DESC' };
        });
      return queryLayer(ctx.db, req.tenantId, layer, {
        where: p.where,
        objectIds,
        outFields,
        returnGeometry: p.returnGeometry ?? true,
        envelope: geo.envelope,
        point: geo.point,
        distance: p.distance,
        orderBy,
        offset: p.resultOffset ?? 0,
        count: p.resultRecordCount ?? 1000,
        countOnly: p.returnCountOnly ?? false,
        maxAllowableOffset: p.maxAllowableOffset,
      });
    });
  }

  // `/blade-system/mobile-config/getGisLayerId` is served by the field app's module: it filters the layers by the
  // tenant's app settings (modules/app/layers.ts)
}

/** Coordinates (plane ↔ geographic) and reverse geocoding. */
function coordinateRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/swp-pipeops-location/coordinate/transReverse', signedIn, async (req) => {
    const p = point3.parse(req.query);
    return ok(toPlane(p.x, p.y, p.h));
  });

  app.post('/swp-pipeops-location/coordinate/transBatch', signedIn, async (req) => {
    const body = z
      .union([
        z.array(point3).max(10_000, '一次最多转换 10000 个点'),
        z.object({ points: z.array(point3).max(10_000, '一次最多转换 10000 个点'), reverse: bool.optional() }),
      ])
      .parse(req.body);
    const pts = Array.isArray(body) ? body : body.points;
    const reverse = !Array.isArray(body) && body.reverse === true;
    return ok(pts.map((p) => (reverse ? toPlane(p.x, p.y, p.h) : toGeo(p.x, p.y, p.h))));
  });

  app.get('/swp-pipeops-location/map/getAddress', signedIn, async (req) => {
    const p = z.object({ lon: num('lon'), lat: num('lat') }).parse(req.query);
    return ok(await reverseGeocode(ctx.db, req.tenantId, p.lon, p.lat));
  });
}

// ------------------------------------------------------------ dispatch (burst events)
const E = '/swp-dispatch/wsnc-squibbing-event';
const idParam = (name: string) =>
  z.string({ error: `缺少必要的请求参数: ${name}` }).regex(/^\d{1,19}$/, `参数校验失败: ${name} 必须是数字编号`);

/** The burst events' list, detail and valves. */
function burstEventReadRoutes(app: FastifyInstance, ctx: AppContext) {
  burstEventPageResource.routes(app, ctx);
  app.get(`${E}/detail`, READ_EVENTS, async (req) => {
    const { id } = z.object({ id: idParam('id') }).parse(req.query);
    const ev = await eventDetail(ctx.db, req.tenantId, id);
    // the hydraulic what-if of the burst, when one was run (burst-pressure.ts)
    return ok(ev && { ...ev, lowPressure: await burstPressureOf(ctx, req.tenantId, ev.pipeGid) });
  });
  app.get(`${E}/valve-list`, READ_EVENTS, async (req) => {
    const q = req.query as Record<string, unknown>;
    const eventId = idParam('eventId').parse(q.eventId ?? q.id);
    return ok(await valveList(ctx.db, req.tenantId, eventId));
  });
}

/** A burst: analysed, previewed and confirmed, voided; a valve closed; the event shared by a signed link. */
function burstEventWriteRoutes(app: FastifyInstance, ctx: AppContext) {
  const burstAt = z.object({
    pipeGid: num('pipeGid').pipe(z.number().int().positive()).optional(),
    x: num('x').optional(),
    y: num('y').optional(),
    title: z.string().max(200, 'title 最多 200 个字符').optional(),
  });
  const ANALYSE = byMenu('burst_event_add', 'gis_map_analyse');
  const pointOrPipe = (p: { pipeGid?: number; x?: number; y?: number }) => {
    if (p.pipeGid === undefined && (p.x === undefined || p.y === undefined))
      throw badRequest('缺少必要的请求参数: pipeGid 或 x, y');
  };
  app.post(`${E}/analyse`, ANALYSE, async (req) => {
    const p = burstAt.parse(params(req));
    pointOrPipe(p);
    return ok(await createBurstEvent(ctx.db, req.tenantId, { ...p, source: 'manual', userId: userOf(req).userId }));
  });
  // analyse first, store on confirmation: the map's 爆管分析 previews, and 确认 stores what was shown
  app.post(`${E}/preview`, ANALYSE, async (req) => {
    const p = burstAt.omit({ title: true }).parse(params(req));
    pointOrPipe(p);
    return ok(await previewBurst(ctx.db, req.tenantId, p));
  });
  app.post(`${E}/confirm`, ANALYSE, async (req) => {
    const p = burstAt
      .extend({
        pipeGid: num('pipeGid').pipe(z.number().int().positive()),
        networkVersion: num('networkVersion').pipe(z.number().int()),
      })
      .parse(params(req));
    const ev = await createBurstEvent(ctx.db, req.tenantId, { ...p, source: 'manual', userId: userOf(req).userId });
    writeUsualLog(ctx, req, `确认爆管事件 ${ev?.code ?? ''}`, { id: ev?.id, code: ev?.code, pipeGid: p.pipeGid });
    return ok(ev);
  });
  app.post(`${E}/void`, byMenu('burst_event_void'), async (req) => {
    const p = z
      .object({
        id: idParam('id'),
        reason: z
          .string({ error: '请输入作废原因' })
          .trim()
          .min(1, '请输入作废原因')
          .max(500, '作废原因最多 500 个字符'),
      })
      .parse(params(req));
    const r = await voidEvent(ctx.db, req.tenantId, p.id, p.reason, userOf(req).userId);
    // the void and its reason go to the usual log too, beside the row's own record
    writeUsualLog(ctx, req, `作废爆管事件 ${r.code}`, { id: p.id, code: r.code, reason: p.reason });
    return ok(r);
  });
  app.post(`${E}/close-valve`, byMenu('burst_event_edit'), async (req) => {
    const p = z
      .object({
        eventId: idParam('eventId'),
        valveGid: num('valveGid').pipe(z.number().int()),
        closed: bool.optional(),
      })
      .parse(params(req));
    return ok(await markValve(ctx.db, req.tenantId, p.eventId, p.valveGid, p.closed ?? true, userOf(req).userId));
  });
  app.post(`${E}/share`, byMenu('burst_event_share'), async (req) => {
    const p = z
      .object({
        eventId: idParam('eventId'),
        ttl: num('ttl')
          .pipe(
            z
              .number()
              .int()
              .min(60)
              .max(7 * 24 * 3600, 'ttl 最长 7 天'),
          )
          .optional(),
        renew: bool.optional(),
      })
      .parse(params(req));
    const t = await shareToken(ctx.db, req.tenantId, p.eventId, p.ttl ?? SHARE_TTL_SECONDS, p.renew ?? false);
    return ok({ ...t, path: `/list-operate/shutValue?token=${encodeURIComponent(t.token)}` });
  });
}

/** The public page of one shared event (through its signed link only). */
function shareLinkRoutes(app: FastifyInstance, ctx: AppContext) {
  // the public page: one event, through its signed link only. The link's token is in the page's URL: no referrer
  // leaves the page or its calls (the page itself is served with the same policy, app.ts serveWeb)
  const shareLink = {
    config: { access: 'public' as const },
    onRequest: async (_req: FastifyRequest, reply: FastifyReply) => {
      reply.header('referrer-policy', 'no-referrer');
    },
  };
  app.get('/swp-dispatch/shut-value/view', shareLink, async (req) => {
    const { token } = z.object({ token: z.string({ error: '缺少必要的请求参数: token' }).max(200) }).parse(req.query);
    const { eventId, tenantId } = await verifyShareToken(ctx.db, token);
    const ev = await eventDetail(ctx.db, tenantId, eventId);
    if (!ev) throw badRequest('链接无效');
    const valves = await valveList(ctx.db, tenantId, eventId);
    // the crew finds each valve by its road and nearest address, and navigates to its coordinates
    const places = await placesOf(ctx.db, tenantId, valves);
    return ok({
      event: {
        code: ev.code,
        title: ev.title,
        address: ev.address,
        pipeDno: ev.pipeDno,
        x: ev.x,
        y: ev.y,
        occurTime: ev.occurTime,
        eventStatus: ev.eventStatus,
        affectedCustomers: ev.affectedCustomers,
        criticalCount: ev.criticalCount,
        ...toGeoNamed(ev.x, ev.y),
      },
      // the hydraulic what-if's counts for the crew (no area: the page has no map of it)
      lowPressure: await burstPressureOf(ctx, tenantId, ev.pipeGid).then(
        (p) => p && { minPressure: p.minPressure, junctions: p.junctions, customers: p.customers },
      ),
      valves: valves.map(({ eventId: _e, id: _i, ...v }, k) => ({ ...v, ...places[k] })),
    });
  });
  app.post('/swp-dispatch/shut-value/close', shareLink, async (req) => {
    const p = z
      .object({
        token: z.string({ error: '缺少必要的请求参数: token' }).max(200),
        valveGid: num('valveGid').pipe(z.number().int()),
        closed: bool.optional(),
      })
      .parse(params(req));
    const { eventId, tenantId } = await verifyShareToken(ctx.db, p.token);
    return ok(await markValve(ctx.db, tenantId, eventId, p.valveGid, p.closed ?? true, 'link'));
  });
}

/** The meters of the network (smcs). */
function meterRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/swp-integration/smcs/endpoint/meter-page', byMenu('gis_map', 'burst_event'), async (req) => {
    const q = req.query as Record<string, unknown>;
    const pg = parsePaging(q);
    const f = z
      .object({
        dno: z.string().max(32).optional(),
        name: z.string().max(100).optional(),
        subtype: z.enum(['user', 'dma_inlet']).optional(),
        dmaCode: z.string().max(32).optional(),
        critical: bool.optional(),
      })
      .parse(q);
    const where = sql`${tenantSql(gisNode, req.tenantId)} and is_deleted = 0 and kind = 'meter'
      ${f.dno ? sql`and dno like ${`%${f.dno}%`}` : sql``}
      ${f.name ? sql`and name like ${`%${f.name}%`}` : sql``}
      ${f.subtype ? sql`and subtype = ${f.subtype}` : sql``}
      ${f.dmaCode ? sql`and dma_code = ${f.dmaCode}` : sql``}
      ${f.critical === true ? sql`and critical_type is not null` : f.critical === false ? sql`and critical_type is null` : sql``}`;
    const total = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from swp_gis_node where ${where}`);
    const rows = await ctx.db.execute<Record<string, unknown>>(sql`
      select id::text as id, gid, dno, name, subtype as "meterType", diameter, customer_count as "customerCount",
        critical_type as "criticalType", pipe_gid as "pipeGid", station_code as "stationCode", dma_code as "dmaCode",
        address, ST_X(geom) as x, ST_Y(geom) as y
      from swp_gis_node where ${where} order by gid limit ${pg.size} offset ${pg.offset}`);
    const records = rows.rows.map((r) => {
      const g = toGeo(Number(r.x), Number(r.y));
      return { ...r, longitude: g.x, latitude: g.y };
    });
    return ok(pageOf(records, total.rows[0].n, pg));
  });
}
