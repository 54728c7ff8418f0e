/** `/blade-message/record/*`: the signed-in user's own message box (the bell and the message centre). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { done, ok } from '../../core/envelope.ts';
import { signedIn, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseIds, parsePaging } from '../../core/query.ts';
import {
  countByType,
  countUnread,
  MESSAGE_STATUSES,
  markRead,
  pageRecords,
  recordDetail,
  removeRecords,
} from './service.ts';

/** An empty search field arrives as an empty string: it means "no filter". */
const blank = (v: unknown) => (v === '' ? undefined : v);
const positiveInt = (name: string, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: `${name} 必须是正整数` })
      .int(`${name} 必须是正整数`)
      .min(1, `${name} 必须是正整数`)
      .max(max, `${name} 不能超过 ${max}`)
      .optional(),
  );
const status = z.preprocess(
  blank,
  z.enum(MESSAGE_STATUSES, { error: `messageStatus 只能是 ${MESSAGE_STATUSES.join(' 或 ')}` }).optional(),
);

const pageQuery = z
  .object({
    current: positiveInt('current'),
    size: positiveInt('size', 1000),
    messageType: positiveInt('messageType'),
    messageStatus: status,
  })
  // every other key is a BladeX filter on the record, checked by the query layer (unknown field → 400)
  .loose();
const countQuery = z.object({ messageStatus: status }).loose();
const idQuery = z.object({ id: z.string().regex(/^\d{1,19}$/, '必须是数字编号') });
const idsQuery = z.object({ ids: z.string().optional() }).loose();
const idsBody = z
  .object({ ids: z.union([z.string(), z.array(z.union([z.string(), z.number()]))]).optional() })
  .loose()
  .nullish();

/** ids from the query string (`?ids=1,2`) or the body (form or JSON). */
function idsOf(req: FastifyRequest): string[] {
  const q = (req.query as { ids?: string }).ids;
  const b = (req.body as { ids?: unknown } | undefined)?.ids;
  return parseIds(q !== undefined && q !== '' ? q : b);
}

export function registerRecordRoutes(app: FastifyInstance, ctx: AppContext) {
  const base = '/blade-message/record';
  const page = async (req: FastifyRequest) => {
    const q = { ...(req.query as Record<string, unknown>) };
    const paging = parsePaging(q);
    return ok(await pageRecords(ctx.db, userOf(req), q, paging));
  };
  app.get(`${base}/page`, { ...signedIn, schema: { querystring: pageQuery } }, page);
  // the bell's list call (its path is not shown in the spec): the same page
  app.get(`${base}/list`, { ...signedIn, schema: { querystring: pageQuery } }, page);

  app.get(`${base}/count`, { ...signedIn, schema: { querystring: countQuery } }, async (req) => {
    const { messageStatus } = req.query as z.infer<typeof countQuery>;
    return ok(await countByType(ctx.db, userOf(req), messageStatus));
  });
  app.get(`${base}/count-all`, signedIn, async (req) => ok(await countUnread(ctx.db, userOf(req))));

  app.get(`${base}/detail`, { ...signedIn, schema: { querystring: idQuery } }, async (req) => {
    const { id } = req.query as z.infer<typeof idQuery>;
    return ok((await recordDetail(ctx.db, userOf(req), id)) ?? null);
  });

  app.post(`${base}/read`, { ...signedIn, schema: { querystring: idsQuery, body: idsBody } }, async (req) => {
    await markRead(ctx, userOf(req), idsOf(req));
    return done();
  });
  app.post(`${base}/remove`, { ...signedIn, schema: { querystring: idsQuery, body: idsBody } }, async (req) => {
    await removeRecords(ctx, userOf(req), idsOf(req));
    return done();
  });
}
