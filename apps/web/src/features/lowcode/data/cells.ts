/** How a value of a table preview or an interface response reads in a cell, and the columns of such rows. */
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

/** Rows a table can show: objects as they are, anything else (strings, numbers) as `{ value }`. */
export function tableRows(rows: unknown[]): Row[] {
  return rows.map((r) => (r && typeof r === 'object' && !Array.isArray(r) ? (r as Row) : { value: r }));
}
