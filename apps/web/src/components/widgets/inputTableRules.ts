/**
 * Rules of the input table (dynamic form table), spec 1 §2.12, §3, §5:
 * - the summary row 合计 sums only amount, number-input and slider columns;
 * - a required cell that is null, undefined, '' or [] is an error 不能为空;
 * - new rows take each column's default value (`now` for a date column is the current time).
 */
import dayjs from 'dayjs';
import { evaluateFormula, type FormulaToken } from '../../lib/formula';

export type InputTableKey =
  | 'comInput'
  | 'textarea'
  | 'numInput'
  | 'amount'
  | 'slider'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'switch'
  | 'date'
  | 'calculate';

export interface InputTableColumn {
  /** the field of the row */
  prop: string;
  jnpfKey: InputTableKey;
  /** translation key or text */
  label: string;
  required?: boolean;
  /** for a date column, 'now' means the current time */
  defaultValue?: unknown;
  options?: { label: string; value: string | number }[];
  columnWidth?: number;
  /** grid span in the card variant (of 24) */
  span?: number;
  /** shows as a tag in read-only cells */
  tag?: boolean;
  min?: number;
  max?: number;
  precision?: number;
  /** calculate columns: a formula over the row's fields */
  formula?: string | FormulaToken[];
}

export const SUMMARY_KEYS: InputTableKey[] = ['amount', 'numInput', 'slider'];
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export type RowValue = Record<string, unknown>;

export function isEmptyCell(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/** A new row with the columns' defaults. */
export function newRow(columns: InputTableColumn[], now = new Date()): RowValue {
  const row: RowValue = {};
  for (const c of columns) {
    if (c.defaultValue === undefined) continue;
    row[c.prop] = c.jnpfKey === 'date' && c.defaultValue === 'now' ? dayjs(now).format(DATE_FORMAT) : c.defaultValue;
  }
  return row;
}

/** The summary row: sums of amount, number-input and slider columns only; others are absent. */
export function summaryOf(columns: InputTableColumn[], rows: RowValue[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of columns) {
    if (!SUMMARY_KEYS.includes(c.jnpfKey)) continue;
    let sum = 0;
    for (const r of rows) {
      const n = Number(r[c.prop]);
      if (!isEmptyCell(r[c.prop]) && Number.isFinite(n)) sum += n;
    }
    out[c.prop] = Number.parseFloat(sum.toPrecision(15));
  }
  return out;
}

/** Cells that break the required rule: `${rowIndex}:${prop}`. */
export function requiredErrors(columns: InputTableColumn[], rows: RowValue[]): string[] {
  const out: string[] = [];
  rows.forEach((r, i) => {
    for (const c of columns)
      if (c.required && c.jnpfKey !== 'calculate' && isEmptyCell(r[c.prop])) out.push(`${i}:${c.prop}`);
  });
  return out;
}

/** Computes the calculate columns of a row. */
export function withCalculated(columns: InputTableColumn[], row: RowValue): RowValue {
  let out = row;
  for (const c of columns) {
    if (c.jnpfKey !== 'calculate' || !c.formula) continue;
    const v = evaluateFormula(c.formula, out);
    if (out[c.prop] !== v) out = { ...out, [c.prop]: v };
  }
  return out;
}

/** An antd Form rule for a field holding the rows: fails with 不能为空 when a required cell is empty. */
export function inputTableRule(columns: InputTableColumn[], message = '不能为空') {
  return {
    validator: (_: unknown, rows: RowValue[] | undefined) =>
      requiredErrors(columns, rows ?? []).length ? Promise.reject(new Error(message)) : Promise.resolve(),
  };
}
