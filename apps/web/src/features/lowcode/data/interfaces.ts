/**
 * The rules of the data-interface form: SQL parameters (`@name`, outside string literals and comments, as the
 * server binds them), static data (a JSON array or object), and the wire ↔ form conversions (the server sends
 * `parameterJson` and `staticData` as JSON text).
 */
import type { Row } from '../../../api/crud';

export const SQL = 1;
export const STATIC = 2;

export interface Param {
  field: string;
  label?: string;
  dataType?: 'string' | 'number' | 'date';
  defaultValue?: unknown;
  required?: boolean;
}

export const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** The `@name` parameters of a SQL text, in order of first appearance. */
export function detectParams(sql: string): string[] {
  const re = /('(?:[^']|'')*')|("(?:[^"]|"")*")|(--[^\n]*)|(\/\*[\s\S]*?\*\/)|@([A-Za-z_][A-Za-z0-9_]*)/g;
  const out: string[] = [];
  for (const m of sql.matchAll(re)) if (m[5] && !out.includes(m[5])) out.push(m[5]);
  return out;
}

/** The declared parameters plus any the SQL names that are not declared yet (as text parameters). */
export function withDetected(declared: Param[], sql: string): Param[] {
  const have = new Set(declared.map((p) => p.field));
  return [
    ...declared,
    ...detectParams(sql)
      .filter((f) => !have.has(f))
      .map((field) => ({ field, dataType: 'string' as const })),
  ];
}

/** Parameters from the wire (JSON text or an array); anything unreadable is none. */
export function paramsOf(v: unknown): Param[] {
  let list: unknown = v;
  if (typeof v === 'string') {
    try {
      list = JSON.parse(v);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list
    .filter((p) => p && typeof p === 'object' && typeof p.field === 'string')
    .map((p) => ({
      field: p.field,
      label: p.label || undefined,
      dataType:
        p.dataType === 'number' || p.dataType === 'int'
          ? 'number'
          : p.dataType === 'date' || p.dataType === 'datetime'
            ? 'date'
            : 'string',
      defaultValue: p.defaultValue ?? undefined,
      required: p.required === true || p.required === 1,
    }));
}

/** The first problem of a parameter list (a translation key), or undefined. */
export function paramsProblem(params: Param[]): string | undefined {
  const seen = new Set<string>();
  for (const p of params) {
    if (!PARAM_NAME.test(p.field ?? '')) return 'lowcode.di.paramFieldRule';
    if (seen.has(p.field)) return 'lowcode.di.paramDuplicate';
    seen.add(p.field);
  }
  return undefined;
}

/** Static data text → the value, or undefined when it is not a JSON array or object. */
export function parseStatic(text: unknown): unknown[] | Row | undefined {
  if (typeof text !== 'string' || !text.trim()) return undefined;
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Wire → form: static data pretty-printed, parameters as a list. */
export function interfaceForm(r: Row): Row {
  let staticText = '';
  if (r.staticData !== null && r.staticData !== undefined) {
    const v = typeof r.staticData === 'string' ? parseStatic(r.staticData) : r.staticData;
    staticText = v === undefined ? String(r.staticData) : JSON.stringify(v, null, 2);
  }
  return {
    ...r,
    dataType: Number(r.dataType ?? SQL),
    dbLinkId: r.dbLinkId === null || r.dbLinkId === undefined ? undefined : String(r.dbLinkId),
    query: r.query ?? '',
    staticData: staticText,
    parameterJson: paramsOf(r.parameterJson),
  };
}

/** Form → wire: only what the type uses; empty parameter defaults dropped. */
export function interfaceBody(v: Row): Row {
  const common = {
    fullName: String(v.fullName ?? '').trim(),
    enCode: String(v.enCode ?? '').trim(),
    category: v.category ? String(v.category).trim() : null,
    dataType: Number(v.dataType),
    rowLimit: v.rowLimit ?? undefined,
    timeoutMs: v.timeoutMs ?? undefined,
    enabledMark: v.enabledMark === false || v.enabledMark === 0 ? 0 : 1,
    sortCode: v.sortCode ?? undefined,
    description: v.description || null,
  };
  if (common.dataType === STATIC) {
    return { ...common, dbLinkId: null, query: null, staticData: String(v.staticData ?? ''), parameterJson: [] };
  }
  const params = ((v.parameterJson ?? []) as Param[]).map((p) => {
    const out: Row = { field: p.field.trim(), dataType: p.dataType ?? 'string', required: !!p.required };
    if (p.label) out.label = p.label;
    if (p.defaultValue !== undefined && p.defaultValue !== null && p.defaultValue !== '')
      out.defaultValue = p.defaultValue;
    return out;
  });
  return { ...common, dbLinkId: v.dbLinkId, query: String(v.query ?? ''), parameterJson: params };
}

/** The values a call sends: the given ones, else the declared defaults; empty ones left out. */
export function callParams(params: Param[], given: Row): Row {
  const out: Row = {};
  for (const p of params) {
    const v = given[p.field] ?? p.defaultValue;
    if (v !== undefined && v !== null && v !== '') out[p.field] = v;
  }
  return out;
}
