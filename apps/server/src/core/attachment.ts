/**
 * A download's headers, one way for every export, template, backup and stored file (RFC 6266): the name as RFC 5987
 * `filename*` (what browsers and the web client read) and a plain `filename` for clients that ignore it: the name
 * itself when it is printable ASCII, else percent-encoded, which the BladeX/JNPF clients decode. The header is
 * exposed to the browser, and the download is not cached.
 */
import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file name percent-encoded for RFC 5987 `filename*=UTF-8''…`: also ' ( ) * and !, which encodeURIComponent leaves. */
export function rfc5987(name: string): string {
  return encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment` (or `inline`) with both names; `fallback` replaces the plain one. */
export function contentDisposition(name: string, opts: { inline?: boolean; fallback?: string } = {}): string {
  const plain = opts.fallback ?? (/^[\x20-\x7e]+$/.test(name) && !/["\\%;]/.test(name) ? name : rfc5987(name));
  return `${opts.inline ? 'inline' : 'attachment'}; filename="${plain}"; filename*=UTF-8''${rfc5987(name)}`;
}

/** Sets a download's headers on the reply: its type, its name (see above), exposed, not cached. */
export function attachment(
  reply: FastifyReply,
  fileName: string,
  contentType = XLSX_TYPE,
  opts: { inline?: boolean; fallback?: string } = {},
): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(fileName, opts))
    .header('access-control-expose-headers', 'content-disposition')
    .header('cache-control', 'no-store');
}
