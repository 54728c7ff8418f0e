/**
 * A download's headers the way the BladeX/JNPF clients read them: the file name percent-encoded both as the plain
 * `filename` (what those clients decode) and as RFC 5987 `filename*`, and exposed to the browser. One place so every
 * export, template and backup download names its file the same way.
 */
import type { FastifyReply } from 'fastify';
import { XLSX_TYPE } from './xlsx-stream.ts';

export function attachment(reply: FastifyReply, fileName: string, contentType = XLSX_TYPE): FastifyReply {
  const enc = encodeURIComponent(fileName);
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename=${enc}; filename*=utf-8''${enc}`)
    .header('access-control-expose-headers', 'content-disposition');
}

/** A file name percent-encoded for RFC 5987 `filename*=UTF-8''…`: also ' ( ) * and !, which encodeURIComponent leaves. */
export function rfc5987(name: string): string {
  return encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
