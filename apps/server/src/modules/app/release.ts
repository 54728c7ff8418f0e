/**
 * Release notes (移动应用 › 版本说明): one per app version and tenant. The app asks for the newest after it starts
 * and shows it once when its version differs from the one whose note it last showed.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../core/envelope.ts';
import { signedIn } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { requiredText } from '../../core/required-text.ts';
import { buttonGrants, defineResource } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { B, tenantOf } from './common.ts';
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
  title: requiredText('请填写标题', 100, '标题不能超过 100 个字符'),
  content: z.string().max(5000, '内容不能超过 5000 个字符').default(''),
});

/**
 * `release-note/list` (every note, newest first), `release-note/submit` (a new note is released now; the saved
 * note answers) and `release-note/remove` (soft; ids already gone are passed over, `{ removed: n }` answers): the
 * resource engine, with the family's own words (the first issue's message, 版本说明不存在).
 */
export const releaseNoteResource = defineResource({
  code: 'app_release_note',
  base: `${B}/release-note`,
  table: appReleaseNote,
  input: NOTE_BODY.shape,
  grant: buttonGrants('app_release'),
  routes: ['list', 'submit', 'remove'],
  listMode: 'all',
  // notes are the tenant's, whoever wrote them
  dataScope: false,
  validation: 'message',
  reply: { submit: 'row' },
  messages: { missing: '版本说明不存在' },
  removal: { missing: 'skip', reply: 'count' },
  order: (c) => [desc(c.get('releaseTime')!), desc(c.get('id')!)],
  hooks: {
    async beforeSave(data, { tx, req, existing }) {
      const [clash] = await tx
        .select({ id: appReleaseNote.id })
        .from(appReleaseNote)
        .where(and(live(tenantOf(req)), eq(appReleaseNote.version, data.version)));
      if (clash && clash.id !== existing?.id) throw badRequest(`版本 ${data.version} 的说明已存在`);
    },
    // what list and submit answer: the note's own fields
    decorate: (rows) =>
      rows.map((r) => ({
        id: r.id,
        version: r.version,
        title: r.title,
        content: r.content,
        releaseTime: r.releaseTime,
      })),
  },
});

const live = (tenantId: string) => liveInTenant(appReleaseNote, tenantId);

export function releaseRoutes(app: FastifyInstance, ctx: AppContext) {
  releaseNoteResource.routes(app, ctx);

  app.get(`${B}/release-note/latest`, signedIn, async (req) => {
    const [n] = await ctx.db
      .select(COLS)
      .from(appReleaseNote)
      .where(live(tenantOf(req)))
      .orderBy(desc(appReleaseNote.releaseTime), desc(appReleaseNote.id))
      .limit(1);
    return ok(n ?? null);
  });
}
