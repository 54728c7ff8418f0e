/**
 * Pure helpers of the JNPF form schema (../shared/lowcode.md) for the renderer: the value fields of a form,
 * initial values, options, date formats and calculated-field inputs. Import normalisation and the field rules
 * are the contract's (`@swp/contract` lowcode-rules: the server enforces the same rules).
 */
import {
  LC_CONTAINER_KEYS,
  LC_DISPLAY_KEYS,
  type LcField,
  type LcFormConf,
  type LcOption,
  normalizeForm,
} from '@swp/contract';
import dayjs from 'dayjs';
import type { FormulaToken } from '../../lib/formula';

export type FormValues = Record<string, unknown>;

export const LAYOUT_KEYS: readonly string[] = [...LC_CONTAINER_KEYS, ...LC_DISPLAY_KEYS];

/** A form schema as the renderer reads it (contract `normalizeForm`; text that is not JSON is an empty form). */
export function normaliseConf(conf: Partial<LcFormConf> | LcField[] | string | undefined | null): LcFormConf {
  try {
    return normalizeForm(conf ?? {});
  } catch {
    return { fields: [] };
  }
}

export const keyOf = (f: LcField) => f.__config__.jnpfKey;

/** Every field with a value key, in order (fields inside containers included; sub-table columns not). */
export function valueFields(fields: LcField[]): LcField[] {
  const out: LcField[] = [];
  const walk = (list: LcField[]) => {
    for (const f of list) {
      const key = keyOf(f);
      if (key === 'table') {
        if (f.__vModel__) out.push(f);
        continue;
      }
      if (f.__config__.children?.length) walk(f.__config__.children);
      if (f.__vModel__ && !LAYOUT_KEYS.includes(key)) out.push(f);
    }
  };
  walk(fields);
  return out;
}

/** The columns of a sub-table. */
export const tableColumns = (f: LcField): LcField[] =>
  (f.__config__.children ?? []).filter((c) => c.__vModel__ && !LAYOUT_KEYS.includes(keyOf(c)));

/** A JNPF date format (`yyyy-MM-dd HH:mm:ss`) as a dayjs one. */
export function dayjsFormat(f: LcField): string {
  const key = keyOf(f);
  const raw =
    f.format ?? (key === 'timePicker' ? 'HH:mm:ss' : f.type === 'datetime' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
  return String(raw).replace(/yyyy/g, 'YYYY').replace(/dd/g, 'DD');
}

const MULTI_KEYS = ['checkbox', 'cascader'];

/** True when the field holds a list of values. */
export function isMultiple(f: LcField): boolean {
  const key = keyOf(f);
  if (MULTI_KEYS.includes(key) || key === 'uploadFile' || key === 'uploadImg' || key === 'areaSelect') return true;
  return !!(f.multiple || f.props?.multiple);
}

/** The default value of a field, as the form stores it (`now` / a truthy date default is the current time). */
export function defaultOf(f: LcField, now = new Date()): unknown {
  const key = keyOf(f);
  const d = f.__config__.defaultValue;
  if (key === 'table') return Array.isArray(d) ? d : [];
  if (key === 'switch') return d === undefined || d === null || d === '' ? (f.inactiveValue ?? 0) : d;
  if (d === undefined || d === null || d === '') return isMultiple(f) && key !== 'areaSelect' ? [] : undefined;
  if ((key === 'datePicker' || key === 'timePicker') && (d === 'now' || d === true))
    return dayjs(now).format(dayjsFormat(f));
  if (key === 'datePicker' && typeof d === 'number') return dayjs(d).format(dayjsFormat(f));
  return d;
}

/** A new record's values: each field's default. */
export function initialValues(conf: LcFormConf, now = new Date()): FormValues {
  const out: FormValues = {};
  for (const f of valueFields(conf.fields)) {
    const v = defaultOf(f, now);
    if (v !== undefined) out[f.__vModel__!] = v;
  }
  return out;
}

/** A sub-table's new row with its columns' defaults. */
export function newTableRow(f: LcField, now = new Date()): FormValues {
  const row: FormValues = {};
  for (const c of tableColumns(f)) {
    const v = defaultOf(c, now);
    if (v !== undefined) row[c.__vModel__!] = v;
  }
  return row;
}

export function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/** The options of a static choice field as `{ label, value }` (JNPF `fullName`/`id` or the field's props). */
export function staticOptions(f: LcField): { label: string; value: string | number; children?: any[] }[] {
  const labelKey = f.props?.label ?? 'fullName';
  const valueKey = f.props?.value ?? 'id';
  const conv = (list: LcOption[] | undefined): any[] =>
    (list ?? []).map((o) => {
      const label = o[labelKey] ?? o.label ?? o.fullName ?? o.value ?? o.id;
      const value = o[valueKey] ?? o.value ?? o.id ?? label;
      const children = o.children?.length ? conv(o.children) : undefined;
      return { label: String(label), value: value as string | number, ...(children ? { children } : {}) };
    });
  return conv(f.options ?? f.__slot__?.options);
}

/** A calculated field's expression as formula tokens; `{ __vModel__ }` and `{ field }` references both read. */
export function expressionTokens(f: LcField): FormulaToken[] {
  const expr = f.expression ?? [];
  return expr.map((tok) => {
    if (tok && typeof tok === 'object') return { field: String(tok.field ?? tok.__vModel__ ?? '') };
    if (typeof tok === 'number') return String(tok);
    return tok;
  });
}

/**
 * The values a calculated field reads: the record's own values plus, for each sub-table, `table.field` as the sum
 * of that column (so a main-form formula may total a sub-table).
 */
export function calcInputs(conf: LcFormConf, values: FormValues): FormValues {
  const out: FormValues = { ...values };
  for (const f of valueFields(conf.fields)) {
    if (keyOf(f) !== 'table') continue;
    const rows = Array.isArray(values[f.__vModel__!]) ? (values[f.__vModel__!] as FormValues[]) : [];
    for (const c of tableColumns(f)) {
      let sum = 0;
      for (const r of rows) {
        const n = Number(r[c.__vModel__!]);
        if (!isEmpty(r[c.__vModel__!]) && Number.isFinite(n)) sum += n;
      }
      out[`${f.__vModel__}.${c.__vModel__}`] = Number.parseFloat(sum.toPrecision(15));
    }
  }
  return out;
}

/** Rounds to a number of decimals (JNPF `precision`); non-numbers are 0. */
export function roundTo(n: number, precision?: number): number {
  if (!Number.isFinite(n)) return 0;
  if (precision === undefined || precision === null) return n;
  const f = 10 ** precision;
  return Math.round((n + Number.EPSILON) * f) / f;
}

/** Every key a form uses (for the designer's unique-key check and tests). */
export function allKeys(fields: LcField[]): string[] {
  const out: string[] = [];
  const walk = (list: LcField[]) => {
    for (const f of list) {
      out.push(keyOf(f));
      if (f.__config__.children) walk(f.__config__.children);
    }
  };
  walk(fields);
  return out;
}
