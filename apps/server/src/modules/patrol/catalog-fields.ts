import { z } from 'zod';
import { FACILITY_NAME } from './catalog.ts';
import { blank } from './common.ts';

export const facility = z.preprocess(
  blank,
  z.string({ error: '请选择设施类型' }).refine((s) => !!FACILITY_NAME[s], '设施类型不存在'),
);
/** A required code, trimmed and matching `pattern`. */
export const code = (label: string, pattern: RegExp, message: string) =>
  z.preprocess(
    blank,
    z
      .string({ error: `请输入${label}` })
      .trim()
      .regex(pattern, message),
  );
/** A required name, trimmed, of 1 to `max` characters. */
export const name = (max: number, label: string) =>
  z.preprocess(
    blank,
    z
      .string({ error: `请输入${label}` })
      .trim()
      .min(1, `请输入${label}`)
      .max(max, `${label}不能超过 ${max} 个字符`),
  );
/** The sort order: a whole number, 1 when absent. */
export const sortOrder = z.preprocess(
  (v) => (typeof v === 'string' ? Number(v) : (v ?? 1)),
  z.number({ error: '排序必须是整数' }).int('排序必须是整数'),
);
/** An optional text; an empty or absent one is stored as null (a cleared field clears the column). */
export const text = (max: number, name: string) =>
  z
    .preprocess(blank, z.string().trim().max(max, `${name}不能超过 ${max} 个字符`).optional())
    .transform((v) => v ?? null);
export const num = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blank(v)),
  z.number({ error: '坐标必须是数字' }).optional(),
);
