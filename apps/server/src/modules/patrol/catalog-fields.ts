import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { FACILITY_NAME } from './catalog.ts';
import { blank } from './common.ts';
import { splitIds } from './tasks.ts';

export const facility = z.preprocess(
  blank,
  z.string({ error: '请选择设施类型' }).refine((s) => !!FACILITY_NAME[s], '设施类型不存在'),
);
export const text = (max: number, name: string) =>
  z.preprocess(blank, z.string().trim().max(max, `${name}不能超过 ${max} 个字符`).optional());
export const num = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blank(v)),
  z.number({ error: '坐标必须是数字' }).optional(),
);

export function removeIds(q: unknown): string[] {
  const ids = splitIds(String((q as any)?.ids ?? ''));
  if (!ids.length || ids.some((x) => !/^\d{1,20}$/.test(x))) throw badRequest('缺少必要的请求参数: ids');
  return ids;
}
export const merged = (req: any) => ({
  ...(req.query ?? {}),
  ...(req.body && typeof req.body === 'object' ? req.body : {}),
});
