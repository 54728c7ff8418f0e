/**
 * Routes that receive files. @fastify/multipart is registered only in the scope of such routes (every other route
 * reads plain form fields through core/form-data.ts), each upload reads its one `file` part the same way, and a
 * long import answers `GET …/progress?jobId=` from core/progress.ts.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { badRequest, ok } from './envelope.ts';
import type { AppContext } from './module.ts';
import { progress, UNKNOWN_JOB } from './progress.ts';

export interface UploadLimits {
  /** bytes of one file */
  fileSize: number;
  files: number;
  fields: number;
}

/** Registers `routes` in a scope of their own that parses multipart bodies within `limits`. */
export function uploadScope(
  app: FastifyInstance,
  limits: UploadLimits,
  routes: (scope: FastifyInstance) => void | Promise<void>,
) {
  app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart, { limits });
    await routes(scope);
  });
}

/** The request's `file` part; `notMultipart` refuses, in the screen's words, a body that is not multipart. */
export async function uploadedFile(req: FastifyRequest, notMultipart: string): Promise<MultipartFile> {
  if (!req.isMultipart()) throw badRequest(notMultipart);
  const file = await req.file();
  if (file?.fieldname !== 'file') throw badRequest('缺少必要的请求参数: file');
  return file;
}

/** The file's bytes; a file cut at the scope's size limit is refused (in the imports' words), never read in part. */
export async function fileBytes(file: MultipartFile): Promise<Buffer> {
  const buf = await file.toBuffer();
  if (file.file.truncated) throw badRequest('导入失败: 文件超过大小限制');
  return buf;
}

/** The query string's parameters with the text fields sent before the file (they arrive with it) over them. */
export function uploadParams(req: FastifyRequest, file: MultipartFile): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(req.query as Record<string, unknown>) };
  for (const [k, f] of Object.entries(file.fields)) {
    const v = (Array.isArray(f) ? f[0] : f) as { type?: string; value?: unknown } | undefined;
    if (v?.type === 'field') out[k] = v.value;
  }
  return out;
}

/** `GET url?jobId=`: the stage and rows done of the tenant's running import, or its report once it has finished. */
export function progressRoute(app: FastifyInstance, ctx: AppContext, url: string, grant: RouteShorthandOptions) {
  app.get(url, grant, async (req) => {
    const jobId = String((req.query as Record<string, unknown>).jobId ?? '');
    if (!/^[\w-]{1,64}$/.test(jobId)) throw badRequest('参数校验失败: jobId');
    return ok((await progress.get(req.tenantId, jobId, ctx.db)) ?? UNKNOWN_JOB);
  });
}
