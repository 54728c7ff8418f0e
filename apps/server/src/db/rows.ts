/**
 * Rows of a raw `db.execute(sql…)` with their timestamps as Dates.
 *
 * drizzle's node-postgres session reads timestamp and timestamptz columns as PostgreSQL's text
 * (`2026-11-27 23:26:22.361+08`) for every query it runs, raw ones included, so a list written as SQL bypassed the
 * reply serializer's Date formatting (core/json.ts) and sent that text (issue 24: `todoList`, `copyList`). This
 * parses those columns, found by their type in the result's field list, with pg's own parser, so the serializer
 * writes `YYYY-MM-DD HH:mm:ss` as it does for ORM rows.
 */
import pg from 'pg';

const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

interface RawResult {
  rows: unknown[];
  fields?: { name: string; dataTypeID: number }[];
}

export function datedRows<T = Record<string, unknown>>(r: RawResult): T[] {
  const rows = r.rows as Record<string, unknown>[];
  const cols = (r.fields ?? []).filter((f) => f.dataTypeID === TIMESTAMP || f.dataTypeID === TIMESTAMPTZ);
  if (!cols.length) return rows as T[];
  const parse = {
    [TIMESTAMP]: pg.types.getTypeParser(TIMESTAMP, 'text'),
    [TIMESTAMPTZ]: pg.types.getTypeParser(TIMESTAMPTZ, 'text'),
  };
  for (const row of rows)
    for (const c of cols) {
      const v = row[c.name];
      if (typeof v === 'string') row[c.name] = parse[c.dataTypeID as 1114 | 1184](v);
    }
  return rows as T[];
}
