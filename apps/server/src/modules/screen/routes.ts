/**
 * `/swp-screen/*` routes of 大屏展示:
 * - GET data/overview, data/dispatch: a screen's data for a signed-in viewer (its menu)
 * - GET view/overview?token=, view/dispatch?token= (public): the same data through a share link of that screen only
 * - GET live/{code}?token= (public): server-sent events for that link (new readings; closed on revocation/expiry)
 * - GET layout/{code}: the arrangement (widgets on the grid); POST layout/{code} { widgets } saves it,
 *   POST layout/{code}/reset goes back to the default (administrators)
 * - GET token/list; POST token/submit { screenCode, name, hours } → the token once; token/revoke { id };
 *   token/remove { id } (administrators)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { adminOnly, byMenu, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { SCREENS, type ScreenCode } from './catalog.ts';
import { screenData } from './data.ts';
import { layoutInput, layoutOf, resetLayout, saveLayout } from './layout.ts';
import { openShareStream } from './live.ts';
import { createInput, createToken, listTokens, removeToken, revokeToken, verifyToken } from './tokens.ts';

const B = '/swp-screen';

function parse<T extends z.ZodType>(schema: T, v: unknown): z.infer<T> {
  const r = schema.safeParse(v ?? {});
  if (!r.success) throw badRequest(`参数校验失败: ${r.error.issues.map((i) => i.message).join('; ')}`);
  return r.data;
}

// the link's token is in the page's address: no referrer leaves the page or its calls
const shareLink = {
  config: { access: 'public' as const },
  onRequest: async (_req: FastifyRequest, reply: FastifyReply) => {
    reply.header('referrer-policy', 'no-referrer');
  },
};

export function screenRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const [code, s] of Object.entries(SCREENS) as [ScreenCode, (typeof SCREENS)[ScreenCode]][]) {
    app.get(`${B}/data/${code}`, byMenu(s.menu), async (req) => ok(await screenData(ctx, req.tenantId, code)));
    app.get(`${B}/view/${code}`, shareLink, async (req) => {
      const q = parse(z.object({ token: z.string({ error: '缺少必要的请求参数: token' }).max(100) }), req.query);
      const tenantId = await verifyToken(ctx, q.token, code);
      return ok(await screenData(ctx, tenantId, code));
    });
    app.get(`${B}/live/${code}`, shareLink, async (req, reply) => {
      const q = parse(z.object({ token: z.string({ error: '缺少必要的请求参数: token' }).max(100) }), req.query);
      await openShareStream(ctx, req, reply, code, q.token);
    });
    app.get(`${B}/layout/${code}`, byMenu(s.menu), async (req) => ok(await layoutOf(ctx, req.tenantId, code)));
    app.post(`${B}/layout/${code}`, adminOnly, async (req) =>
      ok(await saveLayout(ctx, userOf(req), code, parse(layoutInput, req.body))),
    );
    app.post(`${B}/layout/${code}/reset`, adminOnly, async (req) => ok(await resetLayout(ctx, req.tenantId, code)));
  }
  app.get(`${B}/token/list`, adminOnly, async (req) => ok(await listTokens(ctx, req.tenantId)));
  app.post(`${B}/token/submit`, adminOnly, async (req) =>
    ok(await createToken(ctx, userOf(req), parse(createInput, req.body))),
  );
  const idBody = z.object({ id: z.union([z.string(), z.number()]).transform(String) });
  app.post(`${B}/token/revoke`, adminOnly, async (req) =>
    ok(await revokeToken(ctx, userOf(req), parse(idBody, req.body).id)),
  );
  app.post(`${B}/token/remove`, adminOnly, async (req) => {
    await removeToken(ctx, userOf(req), parse(idBody, req.body).id);
    return done();
  });
}
