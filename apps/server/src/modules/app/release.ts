/**
 * Release notes (移动应用 › 版本说明): one per app version and tenant. The app asks for the newest after it starts
 * and shows it once when its version differs from the one whose note it last showed.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../core/envelope.ts';
import { byMenu, signedIn, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { inTenant } from '../../core/scoped.ts';
import { B, parse, tenantOf } from './common.ts';
import { appReleaseNote } from './schema.ts';

const COLS = {
  id: appReleaseNote.id,
  version: appReleaseNote.version,
  title: appReleaseNote.title,
  content: appReleaseNote.content,
  releaseTime: appReleaseNote.releaseTime,
};

const NOTE_BODY = z.object({
  id: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v || undefined),
    z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
  ),
  version: z
    .string({ error: '请填写版本号' })
    .trim()
    .regex(/^\d+(\.\d+){0,3}([-.][A-Za-z0-9]+)?$/, '版本号格式应为 1.2.3'),
  title: z.string({ error: '请填写标题' }).trim().min(1, '请填写标题').max(100, '标题不能超过 100 个字符'),
  content: z.string().max(5000, '内容不能超过 5000 个字符').default(''),
});

export function releaseRoutes(app: FastifyInstance, ctx: AppContext) {
  const live = (tenantId: string) => inTenant(appReleaseNote, tenantId, eq(appReleaseNote.isDeleted, 0));

  app.get(`${B}/release-note/list`, byMenu('app_release'), async (req) =>
    ok(
      await ctx.db
        .select(COLS)
        .from(appReleaseNote)
        .where(live(tenantOf(req)))
        .orderBy(desc(appReleaseNote.releaseTime)),
    ),
  );

  app.get(`${B}/release-note/latest`, signedIn, async (req) => {
    const [n] = await ctx.db
      .select(COLS)
      .from(appReleaseNote)
      .where(live(tenantOf(req)))
      .orderBy(desc(appReleaseNote.releaseTime), desc(appReleaseNote.id))
      .limit(1);
    return ok(n ?? null);
  });

  app.post(`${B}/release-note/submit`, byMenu('app_release_add', 'app_release_edit'), async (req) => {
    const b = parse(NOTE_BODY, req.body);
    const tenantId = tenantOf(req);
    const u = userOf(req);
    const [clash] = await ctx.db
      .select({ id: appReleaseNote.id })
      .from(appReleaseNote)
      .where(and(live(tenantId), eq(appReleaseNote.version, b.version)));
    if (clash && clash.id !== b.id) throw badRequest(`版本 ${b.version} 的说明已存在`);
    const now = new Date();
    if (b.id) {
      const r = await ctx.db
        .update(appReleaseNote)
        .set({ version: b.version, title: b.title, content: b.content, updateUser: u.userId, updateTime: now })
        .where(and(eq(appReleaseNote.id, b.id), live(tenantId)))
        .returning(COLS);
      if (!r[0]) throw badRequest('版本说明不存在');
      return ok(r[0]);
    }
    const [r] = await ctx.db
      .insert(appReleaseNote)
      .values({
        tenantId,
        version: b.version,
        title: b.title,
        content: b.content,
        releaseTime: now,
        createUser: u.userId,
      })
      .returning(COLS);
    return ok(r);
  });

  app.post(`${B}/release-note/remove`, byMenu('app_release_delete'), async (req) => {
    const { ids } = parse(
      z.object({
        ids: z.string({ error: '缺少必要的请求参数: ids' }).regex(/^\d{1,20}(,\d{1,20})*$/, '编号格式不正确'),
      }),
      {
        ...(req.query as object),
        ...((req.body as object) ?? {}),
      },
    );
    let n = 0;
    for (const id of ids.split(',')) {
      const r = await ctx.db
        .update(appReleaseNote)
        .set({ isDeleted: 1, updateTime: new Date() })
        .where(and(eq(appReleaseNote.id, id), live(tenantOf(req))))
        .returning({ id: appReleaseNote.id });
      n += r.length;
    }
    return ok({ removed: n });
  });
}
