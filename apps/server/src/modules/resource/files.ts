/**
 * Files: upload (`POST /blade-resource/oss/endpoint/put-file`, multipart field `file`), attachments
 * (`/blade-resource/attach`: list, detail, submit, remove) and download (`GET /file/Download/{attachId}/{fileName}`).
 *
 * An upload streams to a temp file while its SHA-256 is computed; only a complete file of an allowed type within
 * the size limit is moved into the storage (content-addressed key) and recorded as an attachment row. Anything
 * refused leaves nothing behind.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../../core/attachment.ts';
import { ApiError, badRequest, forbidden, notFound, ok, unauthorized } from '../../core/envelope.ts';
import { bearerOf, gateProviders, signedIn } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { buttonGrants, defineResource } from '../../core/resource.ts';
import { dictionaryItems } from '../system/index.ts';
import { enabledOf } from './common.ts';
import { attach, oss } from './schema.ts';
import { keyOf, type OssConfig, storageFor, storageOfKind, tempDirOf } from './storage.ts';

/** What may be uploaded: office documents, images, media, archives, drawings and GIS exchange files. */
export const ALLOWED_EXTENSIONS: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.wps': 'application/vnd.ms-works',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.bpmn': 'application/xml',
  '.zip': 'application/zip',
  '.rar': 'application/vnd.rar',
  '.7z': 'application/x-7z-compressed',
  '.gz': 'application/gzip',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.amr': 'audio/amr',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.dwg': 'image/vnd.dwg',
  '.dxf': 'image/vnd.dxf',
  '.kml': 'application/vnd.google-earth.kml+xml',
  '.kmz': 'application/vnd.google-earth.kmz',
  '.geojson': 'application/geo+json',
  '.shp': 'application/octet-stream',
  '.shx': 'application/octet-stream',
  '.dbf': 'application/octet-stream',
  '.prj': 'text/plain; charset=utf-8',
};

/** shown in the browser rather than saved (everything else is sent as an attachment) */
const INLINE = new Set(['.jpg', '.jpeg', '.png', '.gif', '.bmp', '.webp', '.pdf', '.mp3', '.wav', '.mp4', '.mov']);

export const DOWNLOAD_BASE = '/api/file/Download';

/** `20971520` → `20MB`, as the console's size texts write it (KB=1024, MB=1048576, GB=1073741824). */
export function formatSize(bytes: number): string {
  const units: [number, string][] = [
    [1_073_741_824, 'GB'],
    [1_048_576, 'MB'],
    [1024, 'KB'],
  ];
  for (const [n, u] of units) if (bytes >= n) return `${Number((bytes / n).toFixed(2))}${u}`;
  return `${bytes}B`;
}

/** The client's file name without any folder part or control characters; never used in a path. */
export function cleanFileName(raw: unknown): string {
  let n = String(raw ?? '').replace(/\\/g, '/');
  n = n.slice(n.lastIndexOf('/') + 1);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  n = n.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (n.length > 200) {
    const ext = path.extname(n).slice(0, 17);
    n = n.slice(0, 200 - ext.length) + ext;
  }
  return n === '.' || n === '..' ? '' : n;
}

export const attachResource = defineResource({
  code: 'attach',
  grant: buttonGrants('attach'),
  base: '/blade-resource/attach',
  table: attach,
  routes: ['list', 'page', 'detail', 'submit', 'remove'],
  input: {
    originalName: z
      .string({ error: '请输入附件原名' })
      .trim()
      .min(1, '请输入附件原名')
      .max(200, '附件原名不能超过200个字符')
      .refine((v) => cleanFileName(v) === v, '附件原名不能包含路径或控制字符'),
  },
  hooks: {
    beforeSave(_data, h) {
      if (h.isNew) throw badRequest('附件只能通过上传新增（/blade-resource/oss/endpoint/put-file）');
    },
  },
});

export interface UploadedFile {
  name: string;
  originalName: string;
  link: string;
  url: string;
  domain: string;
  attachId: string;
}

async function receive(ctx: AppContext, req: FastifyRequest): Promise<UploadedFile> {
  if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传，文件字段名为 file');
  const max = ctx.config.uploadMaxBytes;
  // where it goes: decided before a byte is written
  const config = await enabledOf<OssConfig>(ctx.db, oss, req.tenantId);
  const categoryName = config ? (await dictionaryItems(ctx.db, 'oss')).get(String(config.category)) : undefined;
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: max, fields: 20, parts: 40 } });
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw badRequest('上传内容不是有效的 multipart/form-data');
  }
  if (!part) throw badRequest('缺少必要的请求参数: file');
  const drain = () => {
    part.file.resume();
  };
  if (part.fieldname !== 'file') {
    drain();
    throw badRequest('缺少必要的请求参数: file');
  }
  let storage: ReturnType<typeof storageFor>;
  try {
    storage = storageFor(ctx, config, categoryName);
  } catch (e) {
    drain();
    throw e;
  }
  const originalName = cleanFileName(part.filename);
  if (!originalName) {
    drain();
    throw badRequest('参数校验失败: 文件名不能为空');
  }
  const ext = path.extname(originalName).toLowerCase();
  const contentType = ALLOWED_EXTENSIONS[ext];
  if (!contentType) {
    drain();
    throw badRequest(
      `不支持的文件类型: ${ext || '无扩展名'}，允许的类型: ${Object.keys(ALLOWED_EXTENSIONS)
        .map((e) => e.slice(1))
        .join(', ')}`,
    );
  }

  const tmpDir = tempDirOf(ctx);
  await fs.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      hash.update(chunk);
      cb(null, chunk);
    },
  });
  try {
    await pipeline(part.file, tap, createWriteStream(tmp, { flags: 'wx' }));
    if (part.file.truncated || size > max) throw badRequest(`文件大小超过${formatSize(max)}`);
    if (size === 0) throw badRequest('参数校验失败: 文件内容为空');
  } catch (e) {
    await fs.rm(tmp, { force: true });
    if (e instanceof ApiError) throw e;
    throw badRequest('文件上传中断，请重试');
  }

  const key = keyOf(hash.digest('hex'), ext);
  let created: boolean;
  try {
    created = await storage.put(tmp, key, { size, contentType });
  } finally {
    await fs.rm(tmp, { force: true });
  }
  const id = newId();
  const link = `${DOWNLOAD_BASE}/${id}/${path.basename(key)}`;
  try {
    const user = req.user;
    await ctx.db.insert(attach).values({
      id,
      tenantId: req.tenantId,
      link,
      domainUrl: DOWNLOAD_BASE,
      name: key,
      originalName,
      extension: ext.slice(1),
      attachSize: size,
      contentType,
      storage: storage.kind,
      createUser: user?.userId ?? null,
      // the user's first department (deptId may carry several, comma-joined)
      createDept: user?.deptId?.split(',')[0]?.trim() || null,
      updateUser: user?.userId ?? null,
    });
  } catch (e) {
    // a new object nobody refers to would be an orphan
    if (created) await storage.delete(key).catch(() => undefined);
    throw e;
  }
  return { name: key, originalName, link, url: link, domain: DOWNLOAD_BASE, attachId: id };
}

/**
 * Downloads are plain links (an <img> in a notice, an <a href>): they carry the token in the `Blade-Auth` header
 * or the `blade-auth` query parameter instead of the client header, so the route authenticates itself with the
 * gate's providers and then applies the same tenant, data-scope and API-scope rules as any read.
 */
async function download(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  const providers = gateProviders();
  const token = bearerOf(req);
  if (!providers || !token) throw unauthorized();
  const user = await providers.authenticate(token, req);
  if (!user) throw unauthorized();
  req.user = user;
  req.tenantId = user.tenantId;
  if (!user.isAdmin && !(await providers.allowApi(user, 'GET', req.routeOptions.url ?? req.url.split('?')[0])))
    throw forbidden();

  const { a, b } = req.params as { a: string; b: string };
  if (!/^\d{1,19}$/.test(a)) throw badRequest('参数校验失败: 附件编号无效');
  const [row] = await attachResource.findVisible(ctx, req, [a]);
  if (!row || (b !== path.basename(row.name) && b !== row.originalName)) throw notFound('文件不存在');
  const storage = storageOfKind(ctx, row.storage);
  const obj = await storage?.open(row.name);
  if (!obj) throw notFound('文件不存在');
  const ext = `.${row.extension ?? ''}`;
  const inline = INLINE.has(ext) && (req.query as Record<string, unknown>)?.download === undefined;
  return reply
    .header('content-type', row.contentType || 'application/octet-stream')
    .header('content-length', obj.size)
    .header('content-disposition', contentDisposition(row.originalName, { inline }))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=86400')
    .send(obj.stream);
}

export async function registerFileRoutes(app: FastifyInstance, ctx: AppContext) {
  attachResource.routes(app, ctx);
  // multipart parsing only where uploads are received (other modules register their own)
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false });
    scope.post('/blade-resource/oss/endpoint/put-file', signedIn, async (req) => ok(await receive(ctx, req)));
  });
  app.get('/file/Download/:a/:b', { config: { access: 'public' } }, (req, reply) => download(ctx, req, reply));
}
