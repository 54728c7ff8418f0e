/**
 * Notices (`/blade-desk/notice`: list, detail, submit, remove). The content is rich text, sanitised on the server
 * before it is stored; the category is a key of the system dictionary `notice` (`categoryName` is added on the
 * way out). Tenant-scoped like every business table.
 */
import { type Column, desc } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { requiredText } from '../../core/required-text.ts';
import { buttonGrants, defineResource, type Row } from '../../core/resource.ts';
import { parseDateTime } from '../../core/time.ts';
import { dictionaryItems } from '../system/index.ts';
import { sanitizeRichText } from './sanitize.ts';
import { notice } from './schema.ts';

/** `YYYY-MM-DD HH:mm:ss` (or a date alone, or ISO) → Date; anything else is a 400 with `message`. */
export const dateTimeInput = (message: string) =>
  z.union([z.string(), z.date()], { error: message }).transform((v, c) => {
    const d = v instanceof Date ? v : parseDateTime(v);
    if (!d || Number.isNaN(d.getTime())) {
      c.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return d;
  });

export const noticeResource = defineResource({
  code: 'notice',
  grant: buttonGrants('notice', ['notice', 'desk_home']),
  base: '/blade-desk/notice',
  table: notice,
  routes: ['list', 'page', 'detail', 'submit', 'remove'],
  input: {
    title: requiredText('请输入通知标题', 255, '通知标题不能超过255个字符'),
    category: z.coerce.number({ error: '请选择通知类型' }).int('请选择通知类型').min(1, '请选择通知类型'),
    releaseTime: dateTimeInput('请选择发布时间'),
    content: z.string().max(1_000_000, '通知内容过长').nullish(),
  },
  order: (cols) => [desc(cols.get('releaseTime') as Column), desc(cols.get('id') as Column)],
  hooks: {
    async beforeSave(data, h) {
      if (data.category !== undefined) {
        const categories = await dictionaryItems(h.tx, 'notice');
        if (!categories.has(String(data.category)))
          throw badRequest(`参数校验失败: category: 通知类型不存在: ${data.category}`);
      }
      if ('content' in data) data.content = sanitizeRichText(data.content);
    },
    async decorate(rows, _req, ctx) {
      if (!rows.length) return rows;
      const categories = await dictionaryItems(ctx.db, 'notice');
      return rows.map((r: Row) => ({ ...r, categoryName: categories.get(String(r.category)) ?? '' }));
    },
  },
});
