/**
 * `/swp-screen/*` routes of 大屏展示:
 * - GET data/overview, data/dispatch: a screen's data for a signed-in viewer (its menu)
 * - GET view/overview?token=, view/dispatch?token= (public): the same data through a share link of that screen only
 * - GET live/{code}?token= (public): server-sent events for that link (new readings; closed on revocation/expiry)
 * - GET basemap/{code}?token=&bbox=&resolution= (public): the offline basemap under the screen's network map, for
 *   that link (a signed-in viewer's map reads gis's own basemap route)
 * - GET pipes/{code}?token=&bbox=&resolution= (public): the mains of that link's tenant in the box, drawn on the
 *   screen's network map (a signed-in viewer's map reads the GIS layers)
 * - GET layout/{code}: the arrangement (widgets on the grid); POST layout/{code} { widgets } saves it,
 *   POST layout/{code}/reset goes back to the default (administrators)
 * - GET token/list; POST token/submit { screenCode, name, hours } → the token once; token/revoke { id };
 *   token/remove { id } (administrators)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { done, ok } from '../../core/envelope.ts';
import { adminOnly, byMenu, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInput } from '../../core/parse-input.ts';
import { basemapFor, mainsIn } from '../gis/index.ts';
import { SCREENS, type ScreenCode } from './catalog.ts';
import { layoutInput, layoutOf, resetLayout, saveLayout } from './layout.ts';
import { openShareStream } from './live.ts';
import { bumpScreenData, sharedScreenData } from './shared-data.ts';
import { createInput, createToken, removeToken, revokeToken, tokenResource, verifyToken } from './tokens.ts';

const B = '/swp-screen';

// the link's token is in the page's address: no referrer leaves the page or its calls
const shareLink = {
  config: { access: 'public' as const },
  onRequest: async (_req: FastifyRequest, reply: FastifyReply) => {
    reply.header('referrer-policy', 'no-referrer');
  },
};

/** the box of one basemap or mains read: EPSG:4548 metres, at most 400 km across (as gis's own basemap route) */
const basemapQuery = z.object({
  token: z.string({ error: '缺少必要的请求参数: token' }).max(100),
  bbox: z
    .string({ error: '缺少必要的请求参数: bbox' })
    .transform((raw) => raw.split(',').map(Number))
    .refine(
      (a) => a.length === 4 && a.every(Number.isFinite) && a[2] > a[0] && a[3] > a[1],
      'bbox 应为 xmin,ymin,xmax,ymax (EPSG:4548 米)',
    )
    .refine((a) => a[2] - a[0] <= 400_000 && a[3] - a[1] <= 400_000, 'bbox 范围过大 (最大 400 公里)')
    .transform((a) => a as [number, number, number, number]),
  resolution: z.coerce
    .number({ error: 'resolution 必须是数值' })
    .positive('resolution 必须大于 0')
    .max(10_000)
    .default(1),
});

export function screenRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const [code, s] of Object.entries(SCREENS) as [ScreenCode, (typeof SCREENS)[ScreenCode]][]) {
    app.get(`${B}/data/${code}`, byMenu(s.menu), async (req) => ok(await sharedScreenData(ctx, req.tenantId, code)));
    app.get(`${B}/view/${code}`, shareLink, async (req) => {
      const q = parseInput(z.object({ token: z.string({ error: '缺少必要的请求参数: token' }).max(100) }), req.query);
      const tenantId = await verifyToken(ctx, q.token, code);
      return ok(await sharedScreenData(ctx, tenantId, code));
    });
    app.get(`${B}/live/${code}`, shareLink, async (req, reply) => {
      const q = parseInput(z.object({ token: z.string({ error: '缺少必要的请求参数: token' }).max(100) }), req.query);
      await openShareStream(ctx, req, reply, code, q.token);
    });
    app.get(`${B}/basemap/${code}`, shareLink, async (req) => {
      const q = parseInput(basemapQuery, req.query);
      const tenantId = await verifyToken(ctx, q.token, code);
      return ok(await basemapFor(ctx.db, tenantId, q.bbox, q.resolution));
    });
    app.get(`${B}/pipes/${code}`, shareLink, async (req) => {
      const q = parseInput(basemapQuery, req.query);
      const tenantId = await verifyToken(ctx, q.token, code);
      return ok(await mainsIn(ctx.db, tenantId, q.bbox, q.resolution));
    });
    app.get(`${B}/layout/${code}`, byMenu(s.menu), async (req) => ok(await layoutOf(ctx, req.tenantId, code)));
    app.post(`${B}/layout/${code}`, adminOnly, async (req) => {
      const saved = await saveLayout(ctx, userOf(req), code, parseInput(layoutInput, req.body));
      bumpScreenData(ctx, req.tenantId);
      return ok(saved);
    });
    app.post(`${B}/layout/${code}/reset`, adminOnly, async (req) => {
      const reset = await resetLayout(ctx, req.tenantId, code);
      bumpScreenData(ctx, req.tenantId);
      return ok(reset);
    });
  }
  tokenResource.routes(app, ctx);
  app.post(`${B}/token/submit`, adminOnly, async (req) =>
    ok(await createToken(ctx, userOf(req), parseInput(createInput, req.body))),
  );
  const idBody = z.object({ id: z.union([z.string(), z.number()]).transform(String) });
  app.post(`${B}/token/revoke`, adminOnly, async (req) =>
    ok(await revokeToken(ctx, userOf(req), parseInput(idBody, req.body).id)),
  );
  app.post(`${B}/token/remove`, adminOnly, async (req) => {
    await removeToken(ctx, userOf(req), parseInput(idBody, req.body).id);
    return done();
  });
}
