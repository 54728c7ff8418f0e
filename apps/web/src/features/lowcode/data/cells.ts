/** How a value of a table preview or an interface response reads in a cell, and the columns of such rows. */
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { Row } from '../../../api/crud';

/** A cell's text: null stays empty, objects and arrays as JSON, everything else as its string. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Every key of the rows, in the order they first appear (rows differ in static data). */
export function columnsOf(rows: unknown[]): string[] {
  const seen = new Set<string>();
  for (const r of rows) {
    if (r && typeof r === 'object' && !Array.isArray(r)) for (const k of Object.keys(r as Row)) seen.add(k);
  }
  return [...seen];
}

/**
 * The table columns of such rows (a table preview, an interface's answer): one per key, titled by it, its cells as
 * cellText cut to the column's width; `empty`, when given, stands in a cell whose value is null.
 */
export function keyColumns(rows: unknown[], empty?: ReactNode): TableColumnsType<Row> {
  return columnsOf(rows).map((c) => ({
    title: c,
    dataIndex: c,
    key: c,
    ellipsis: true,
    render: (v: unknown) => (empty !== undefined && (v === null || v === undefined) ? empty : cellText(v)),
  }));
}

/** Rows a table can show: objects as they are, anything else (strings, numbers) as `{ value }`. */
export function tableRows(rows: unknown[]): Row[] {
  return rows.map((r) => (r && typeof r === 'object' && !Array.isArray(r) ? (r as Row) : { value: r }));
}
