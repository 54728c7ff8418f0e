/**
 * Common fields (`/system/CommonFields`): columns the low-code designer offers to add to any table in one click
 * (F_CreatorTime, F_TenantId…). CRUD in the JNPF dialect; the list is unpaged (`{ list }`, optional keyword).
 */

import { asc } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { requiredText } from '../../core/required-text.ts';
import { buttonGrants, defineResource } from '../../core/resource.ts';
import { asJnpf, flag, keywordOn, sortInput } from './jnpf.ts';
import { registerJnpfCrud } from './jnpf-crud.ts';
import { commonFields } from './schema.ts';

export const DATA_TYPES = ['varchar', 'text', 'int', 'bigint', 'decimal', 'datetime', 'date', 'boolean'] as const;

export const commonFieldsResource = defineResource({
  code: 'common_fields',
  grant: buttonGrants('common_fields'),
  base: '/system/CommonFields',
  table: commonFields,
  routes: [],
  input: {
    fieldName: requiredText('请输入字段说明', 100, '字段说明不能超过100个字符'),
    field: requiredText('请输入字段名', 64, '字段名不能超过64个字符').regex(
      /^[A-Za-z_][A-Za-z0-9_]*$/,
      '字段名只能包含字母、数字和下划线，且不能以数字开头',
    ),
    dataType: z.enum(DATA_TYPES, { error: `数据类型只能是 ${DATA_TYPES.join('、')}` }),
    dataLength: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((v) => (v === null || v === undefined || v === '' ? null : String(v).trim()))
      .refine((v) => v === null || /^\d{1,5}(,\d{1,2})?$/.test(v), '数据长度只能是数字，小数写作 18,2'),
    allowNull: flag('允许空').optional(),
    sortCode: sortInput,
    description: z.string().trim().max(500, '说明不能超过500个字符').nullish(),
    enabledMark: flag('状态').optional(),
  },
  params: ['keyword'],
  order: (cols) => [asc(cols.get('sortCode') as any), asc(cols.get('field') as any)],
  unique: [{ fields: ['field'], message: '字段名已存在' }],
  hooks: {
    where: (q) => keywordOn([commonFields.fieldName, commonFields.field], q.keyword),
  },
});

export function registerCommonFieldRoutes(app: FastifyInstance, ctx: AppContext) {
  const C = '/system/CommonFields';
  app.get(C, byMenu('common_fields'), async (req: FastifyRequest) => {
    const keyword = (req.query as Record<string, unknown>)?.keyword;
    return ok({ list: (await commonFieldsResource.all(ctx, req, keyword ? { keyword } : {})).map(asJnpf) });
  });
  registerJnpfCrud(app, ctx, commonFieldsResource, { base: C, menu: 'common_fields' });
}
