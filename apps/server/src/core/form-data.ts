/**
 * The text fields of a `multipart/form-data` body as a plain object, for routes that take form fields rather than
 * files. Browsers send a `FormData` this way; the Sword client posts its sign-in, remove, grant, reset and password
 * forms like that (`func.toFormData`). A field sent twice is comma-joined, as Spring binds a repeated parameter to a
 * String. A file part is refused: upload routes register @fastify/multipart in their own scope, and a parser
 * registered for the exact type there wins over this one, which app.ts registers under a RegExp (Fastify consults
 * RegExp parsers last).
 */
import { badRequest } from './envelope.ts';

export const MAX_FORM_FIELDS = 1000;
const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

const malformed = () => badRequest('multipart/form-data 请求体格式不正确');

export function boundaryOf(contentType: string): string {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  if (!m) throw badRequest('multipart/form-data 缺少 boundary');
  return m[1] ?? m[2];
}

export function parseFormData(body: Buffer, contentType: string): Record<string, string> {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`);
  const between = Buffer.concat([CRLF, delimiter]);
  const out: Record<string, string> = {};
  let count = 0;
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw malformed();
  for (;;) {
    pos += delimiter.length;
    // after a delimiter: `--` closes the body, CRLF opens the next part
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) break;
    if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a) throw malformed();
    pos += 2;
    const headEnd = body.indexOf(HEAD_END, pos);
    if (headEnd < 0) throw malformed();
    const next = body.indexOf(between, headEnd + HEAD_END.length);
    if (next < 0) throw malformed();
    const head = body.subarray(pos, headEnd).toString('utf8');
    const disposition = /^content-disposition:\s*form-data\s*(;.*)$/im.exec(head);
    if (!disposition) throw malformed();
    if (/;\s*filename\*?=/i.test(disposition[1])) throw badRequest('此接口不接收文件, 请只提交表单字段');
    const name = /;\s*name="([^"]*)"/i.exec(disposition[1])?.[1];
    if (name === undefined) throw malformed();
    if (++count > MAX_FORM_FIELDS) throw badRequest(`表单字段过多 (最多 ${MAX_FORM_FIELDS} 个)`);
    const value = body.subarray(headEnd + HEAD_END.length, next).toString('utf8');
    out[name] = Object.hasOwn(out, name) ? `${out[name]},${value}` : value;
    pos = next + CRLF.length;
  }
  return out;
}
