/**
 * zod field builders shared by the system families: every message is one a person can act on, and the forms'
 * habits (numbers as strings, empty strings for "none") are accepted.
 */
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { requiredText } from '../../core/required-text.ts';
import { parseDateTime } from '../../core/time.ts';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Required text, trimmed, with the form's own message when missing or empty. */
export const text = (msg: string, max = 255) => requiredText(msg, max, `不能超过 ${max} 个字符`);

/** Optional text; empty and null are stored as null. */
export const optText = (max = 255) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z.string({ error: '必须是文本' }).trim().max(max, `不能超过 ${max} 个字符`).nullish(),
  );

/** Required integer (a numeric string is accepted) within [min, max]. */
export const int = (msg: string, min = 0, max = 2_147_483_647) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blankToUndefined(v)),
    z.number({ error: msg }).int(msg).min(min, `不能小于 ${min}`).max(max, `不能大于 ${max}`),
  );

/** Optional integer: absent, empty or null leave the stored value alone. */
export const optInt = (min = 0, max = 2_147_483_647) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blankToUndefined(v)),
    z
      .number({ error: '必须是整数' })
      .int('必须是整数')
      .min(min, `不能小于 ${min}`)
      .max(max, `不能大于 ${max}`)
      .optional(),
  );

/** One of a few integer codes (a numeric string is accepted). */
export const oneOf = (msg: string, values: number[]) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blankToUndefined(v)),
    z.number({ error: msg }).refine((n) => values.includes(n), msg),
  );

/** A parent id: '0', '', null or absent mean "top level" ('0'); otherwise a numeric id string. */
export const parentId = (msg = '上级编号无效') =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? '0' : typeof v === 'number' ? String(v) : v),
    z.string({ error: msg }).regex(/^\d{1,19}$/, msg),
  );

/** A numeric id (string or number) → string; empty and null → null. */
export const optId = (msg = '编号无效') =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: msg })
      .regex(/^\d{1,19}$/, msg)
      .nullish(),
  );

/** `YYYY-MM-DD[ HH:mm:ss]` → Date; empty and null → null (no value). */
export const optDateTime = (msg = '时间格式应为 YYYY-MM-DD HH:mm:ss') =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ error: msg })
      .nullish()
      .transform((s, c) => {
        if (s === undefined || s === null) return s;
        const d = parseDateTime(s);
        if (!d) {
          c.addIssue({ code: 'custom', message: msg });
          return z.NEVER;
        }
        return d;
      }),
  );

/** Comma-joined numeric ids (or an array of them) → the distinct list; 400 with `name` when one is not an id. */
export function idList(raw: unknown, name: string, required = true): string[] {
  const s = Array.isArray(raw) ? raw.join(',') : raw === undefined || raw === null ? '' : String(raw);
  const ids = [
    ...new Set(
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ];
  if (!ids.length && required) throw badRequest(`缺少必要的请求参数: ${name}`);
  for (const id of ids) if (!/^\d{1,19}$/.test(id)) throw badRequest(`参数校验失败: ${name} 含有无效的编号 ${id}`);
  return ids;
}
