/** Field rules of user records (spec 1 §5), shared by the BladeX, SpringBlade and JNPF user calls and the import. */
import { z } from 'zod';
import { parseDateTime } from '../../core/time.ts';

export const PHONE_EMPTY = '手机号码不能为空';
export const PHONE_LENGTH = '手机号码长度不为11位';
export const PHONE_FORMAT = '手机号码格式不正确';

/** The spec's phone check, in its order: empty, length other than 11, pattern mismatch. */
export function phoneProblem(v: string | null | undefined): string | undefined {
  const s = (v ?? '').trim();
  if (!s) return PHONE_EMPTY;
  if (s.length !== 11) return PHONE_LENGTH;
  if (!/^1[3-9]\d{9}$/.test(s)) return PHONE_FORMAT;
  return undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailProblem = (v: string) => (EMAIL.test(v) ? undefined : '邮箱格式不正确');

/** An empty form field arrives as '' (or null): it means "no value". */
const blank = (v: unknown) => (v === '' ? null : v);

export const text = (label: string, max: number) =>
  z.preprocess(
    blank,
    z
      .string({ error: `${label}必须是文本` })
      .trim()
      .max(max, `${label}不能超过${max}个字符`)
      .nullish(),
  );

export const requiredText = (label: string, max: number, prompt = `请输入${label}`) =>
  z.string({ error: prompt }).trim().min(1, prompt).max(max, `${label}不能超过${max}个字符`);

/** An optional phone: when present it must pass the spec's check. */
export const optionalPhone = z.preprocess(
  blank,
  z
    .string({ error: PHONE_FORMAT })
    .trim()
    .superRefine((v, c) => {
      const p = phoneProblem(v);
      if (p) c.addIssue({ code: 'custom', message: p });
    })
    .nullish(),
);

/** A required phone (own profile): empty is 手机号码不能为空. */
export const requiredPhone = z
  .preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string({ error: PHONE_FORMAT }).superRefine((v, c) => {
      const p = phoneProblem(v);
      if (p) c.addIssue({ code: 'custom', message: p });
    }),
  )
  .transform((v) => v.trim());

export const optionalEmail = z.preprocess(
  blank,
  z
    .string({ error: '邮箱格式不正确' })
    .trim()
    .max(45, '邮箱不能超过45个字符')
    .superRefine((v, c) => {
      const p = emailProblem(v);
      if (p) c.addIssue({ code: 'custom', message: p });
    })
    .nullish(),
);

/** Comma-joined ids (or an array of ids) → "1,2,3"; every part must be a numeric id. */
export const idList = (label: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.map(String).join(',') : v === null ? '' : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: `${label}必须是编号列表` })
      .transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
          .join(','),
      )
      .refine((s) => s === '' || s.split(',').every((x) => /^\d{1,19}$/.test(x)), `${label}含有无效的编号`),
  );

export const optionalDate = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .union([z.string(), z.date()], { error: `${label}不是有效的日期` })
      .transform((v, c) => {
        if (v instanceof Date) return v;
        const d = parseDateTime(v);
        if (!d) {
          c.addIssue({ code: 'custom', message: `${label}不是有效的日期` });
          return z.NEVER;
        }
        return d;
      })
      .nullish(),
  );

export const intIn = (label: string, values: number[]) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${label}必须是数字` })
      .int(`${label}必须是整数`)
      .refine((n) => values.includes(n), `${label}只能是 ${values.join('、')}`)
      .optional(),
  );

/** Splits "a,b" / ["a","b"] / "a，b" into trimmed non-empty parts. */
export function splitList(v: unknown): string[] {
  if (v === undefined || v === null) return [];
  const s = Array.isArray(v) ? v.map(String).join(',') : String(v);
  return s
    .split(/[,，]/)
    .map((x) => x.trim())
    .filter(Boolean);
}
