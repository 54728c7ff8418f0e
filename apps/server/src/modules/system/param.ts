/**
 * Parameters (spec 1 §2.7): the reference example of a resource with nothing hand-written but its rules. The writable
 * fields follow from the table (`tableInput`); only the fields with the spec's messages carry a rule. Adding a field
 * is the column (schema.ts, then `npm run db:generate` and `npm run contract:rows`), its screen column and its label.
 */
import { z } from 'zod';
import { buttonGrants, defineResource, tableInput } from '../../core/resource.ts';
import { param } from './schema.ts';

export const paramResource = defineResource({
  code: 'param',
  grant: buttonGrants('param'),
  base: '/blade-system/param',
  table: param,
  input: tableInput(param, {
    paramName: z.string({ error: '请输入参数名称' }).trim().min(1, '请输入参数名称').max(255),
    paramKey: z.string({ error: '请输入参数键名' }).trim().min(1, '请输入参数键名').max(255),
    paramValue: z.string({ error: '请输入参数键值' }).min(1, '请输入参数键值'),
  }),
  unique: [{ fields: ['paramKey'], message: '参数键名已存在' }],
});
