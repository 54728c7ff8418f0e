/**
 * The stored form of an online module or business form, checked on the server: zod for the JNPF shape (`formConf`
 * with `fields[]`, `__config__.jnpfKey` one of the known keys after aliasing the Vue 2 names, `__vModel__` a plain
 * identifier, unique per form and per sub-table), plus what zod cannot say alone (regList patterns compile, a
 * calculated field refers to fields that exist in the form, a sub-table has columns). `parseForm` returns the
 * normalised form or throws a 400 naming the field.
 */
import {
  checkRecord,
  dataFields,
  LC_CONTAINER_KEYS,
  LC_KEYS,
  type LcFormConf,
  normalizeForm,
  patternOf,
  type RuleError,
} from '@swp/contract';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';

export const KNOWN_KEYS = new Set<string>([...Object.values(LC_KEYS).flat(), 'tabItem', 'collapseItem']);
/** a form field's value key: it is written into SQL as a JSON key (records.ts `keyText`), so nothing else passes */
export const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const regRule = z.object({ pattern: z.string().max(500), message: z.string().max(200).optional().default('') });

const fieldSchema: z.ZodType<any> = z.lazy(() =>
  z
    .object({
      __config__: z
        .object({
          jnpfKey: z.string({ error: '字段缺少 jnpfKey' }).refine((k) => KNOWN_KEYS.has(k), {
            error: (i) => `不支持的控件类型: ${String(i.input)}`,
          }),
          label: z.string().max(100, '字段名称不能超过100个字符').optional(),
          required: z.boolean().optional(),
          span: z.number().min(0).max(24).optional(),
          regList: z.array(regRule).max(20).optional(),
          children: z.array(fieldSchema).optional(),
        })
        .passthrough(),
      __vModel__: z
        .string()
        .regex(IDENT, '字段名只能由字母、数字和下划线组成，且不能以数字开头')
        .optional()
        .or(z.literal('')),
      maxlength: z.number().int().positive().nullish(),
      min: z.number().nullish(),
      max: z.number().nullish(),
      precision: z.number().int().min(0).max(10).nullish(),
      limit: z.number().int().min(0).nullish(),
    })
    .passthrough(),
);

const formSchema = z
  .object({
    labelWidth: z.number().optional(),
    gutter: z.number().optional(),
    fields: z.array(fieldSchema).max(500, '表单字段不能超过500个'),
  })
  .passthrough();

const VALUE_NEEDED = (key: string) =>
  !LC_CONTAINER_KEYS.includes(key) && !['text', 'divider', 'groupTitle'].includes(key);

/** Checks and normalises a form (object, JSON text or bare fields[]); throws a 400 naming what is wrong. */
export function parseForm(raw: unknown): LcFormConf {
  let form: LcFormConf;
  try {
    form = normalizeForm(raw);
  } catch {
    throw badRequest('表单设计不是有效的 JSON');
  }
  const r = formSchema.safeParse(form);
  if (!r.success) {
    const i = r.error.issues[0];
    throw badRequest(`表单设计有误: ${i.message}（位置 ${i.path.join('.')}）`);
  }
  const check = (fields: LcFormConf['fields'], where: string) => {
    const seen = new Set<string>();
    const walk = (list: LcFormConf['fields']) => {
      for (const f of list) {
        const key = f.__config__.jnpfKey;
        const label = f.__config__.label ?? f.__vModel__ ?? key;
        if (VALUE_NEEDED(key) && !f.__vModel__) throw badRequest(`${where}字段「${label}」缺少字段名 __vModel__`);
        if (f.__vModel__ && VALUE_NEEDED(key)) {
          if (seen.has(f.__vModel__)) throw badRequest(`${where}字段名重复: ${f.__vModel__}`);
          seen.add(f.__vModel__);
        }
        for (const reg of f.__config__.regList ?? []) {
          try {
            patternOf(reg.pattern);
          } catch {
            throw badRequest(`字段「${label}」的校验规则不是有效的正则表达式: ${reg.pattern}`);
          }
        }
        if (typeof f.min === 'number' && typeof f.max === 'number' && f.min > f.max)
          throw badRequest(`字段「${label}」的最小值不能大于最大值`);
        if (key === 'table') {
          const cols = f.__config__.children ?? [];
          if (!cols.length) throw badRequest(`子表「${label}」至少需要一列`);
          if (cols.some((c) => c.__config__.jnpfKey === 'table')) throw badRequest(`子表「${label}」不能再包含子表`);
          check(cols, `子表「${label}」的`);
        } else if (LC_CONTAINER_KEYS.includes(key)) {
          walk(f.__config__.children ?? []);
        }
      }
    };
    walk(fields);
  };
  check(form.fields, '');
  // calculated fields refer to fields of the form (or `table.field` of a sub-table)
  const top = dataFields(form);
  const names = new Set<string>();
  for (const df of top) {
    names.add(df.vModel);
    for (const c of df.children ?? []) names.add(`${df.vModel}.${c.vModel}`);
  }
  for (const df of top) {
    const calcs = [df, ...(df.children ?? [])].filter((x) => x.key === 'calculate');
    for (const c of calcs) {
      for (const tok of (c.field.expression ?? []) as unknown[]) {
        if (tok && typeof tok === 'object') {
          const ref = String(
            (tok as Record<string, unknown>).__vModel__ ?? (tok as Record<string, unknown>).field ?? '',
          );
          const local = df.key === 'table' ? `${df.vModel}.${ref}` : ref;
          if (!names.has(ref) && !names.has(local))
            throw badRequest(`计算字段「${c.label}」引用了不存在的字段: ${ref}`);
        } else if (typeof tok === 'string' && !/^([+\-*/×÷()]|-?\d+(\.\d+)?)$/.test(tok.trim())) {
          throw badRequest(`计算字段「${c.label}」的公式有误: ${tok}`);
        }
      }
    }
  }
  return form;
}

/** The rule problems of a record as one message (`字段: 问题；…`), or undefined when valid. */
export function ruleMessage(errors: RuleError[]): string | undefined {
  if (!errors.length) return undefined;
  return errors
    .slice(0, 10)
    .map((e) => e.message)
    .join('；');
}

/** Throws a 400 listing the record's rule problems. */
export function assertRecord(form: LcFormConf, data: Record<string, unknown>) {
  const msg = ruleMessage(checkRecord(form, data));
  if (msg) throw badRequest(msg);
}
