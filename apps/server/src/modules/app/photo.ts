/**
 * Photos from the street: sent as base64 JSON (so the app's offline outbox can keep them as plain records), checked
 * by their first bytes (JPEG, PNG, WebP only), held to the tenant's size limit, and, when the tenant says so, a
 * JPEG loses its EXIF block (the camera's GPS) before it is stored. The client id makes a resend return the first
 * copy. A photo is read back by id within the tenant; its link goes into the check-in's `photos`.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { byMenu, signedIn, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInputFirst } from '../../core/parse-input.ts';
import { inTenant } from '../../core/scoped.ts';
import { B, CLIENT_ID_RE, tenantOf } from './common.ts';
import { sniffPhoto, stripJpegExif } from './exif.ts';
import { appPhoto } from './schema.ts';
import { settingsOf } from './settings.ts';

export const PHOTO_MSG = {
  type: '照片格式不支持，仅支持 JPEG、PNG、WebP',
  size: (kb: number) => `照片不能超过 ${kb} KB`,
  broken: '照片文件已损坏',
  notFound: '照片不存在',
} as const;

/** The largest limit an administrator may set (10 MB) as base64, plus the JSON around it. */
const BODY_LIMIT = Math.ceil((10_240 * 1024 * 4) / 3) + 4096;

export const photoUrl = (id: string) => `/api${B}/photo/${id}`;

export function photoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(`${B}/photo`, { ...byMenu('patrol_task_check'), bodyLimit: BODY_LIMIT }, async (req) => {
    const body = parseInputFirst(
      z.object({
        clientId: z.string({ error: '缺少客户端编号 clientId' }).regex(CLIENT_ID_RE, '客户端编号格式不正确'),
        data: z.string({ error: '缺少照片数据' }).min(4, '缺少照片数据'),
      }),
      req.body,
    );
    const tenantId = tenantOf(req);
    const [seen] = await ctx.db
      .select({ id: appPhoto.id })
      .from(appPhoto)
      .where(inTenant(appPhoto, tenantId, eq(appPhoto.clientId, body.clientId)));
    if (seen) return ok({ id: seen.id, url: photoUrl(seen.id), duplicate: true });
    const settings = await settingsOf(ctx, tenantId);
    const raw = body.data.replace(/^data:[^,]*,/, '');
    if (raw.length > BODY_LIMIT) throw badRequest(PHOTO_MSG.size(settings.photoMaxKb));
    let bytes: Uint8Array = Buffer.from(raw, 'base64');
    if (bytes.length > settings.photoMaxKb * 1024) throw badRequest(PHOTO_MSG.size(settings.photoMaxKb));
    const mime = sniffPhoto(bytes);
    if (!mime) throw badRequest(PHOTO_MSG.type);
    if (mime === 'image/jpeg' && settings.stripExifGps === 1) {
      const stripped = stripJpegExif(bytes);
      if (!stripped) throw badRequest(PHOTO_MSG.broken);
      bytes = stripped;
    }
    const [row] = await ctx.db
      .insert(appPhoto)
      .values({
        tenantId,
        clientId: body.clientId,
        userId: userOf(req).userId,
        mime,
        size: bytes.length,
        data: Buffer.from(bytes),
      })
      .onConflictDoNothing()
      .returning({ id: appPhoto.id });
    // two resends racing: the other one stored it
    const id =
      row?.id ??
      (
        await ctx.db
          .select({ id: appPhoto.id })
          .from(appPhoto)
          .where(inTenant(appPhoto, tenantId, eq(appPhoto.clientId, body.clientId)))
      )[0].id;
    return ok({ id, url: photoUrl(id), duplicate: !row });
  });

  app.get(`${B}/photo/:id`, signedIn, async (req, reply) => {
    const { id } = parseInputFirst(z.object({ id: z.string().regex(/^\d{1,20}$/, PHOTO_MSG.notFound) }), req.params);
    const [p] = await ctx.db
      .select({ mime: appPhoto.mime, data: appPhoto.data })
      .from(appPhoto)
      .where(inTenant(appPhoto, tenantOf(req), eq(appPhoto.id, id)));
    if (!p) throw notFound(PHOTO_MSG.notFound);
    return reply.type(p.mime).header('cache-control', 'private, max-age=86400').send(p.data);
  });
}
