/**
 * A family's writable fields follow from its drizzle table (issue 23, "a field declared once"): `tableInput(table,
 * rules)` is the zod shape of every column a client may write, each typed from its column (varchar length, integer,
 * number, boolean, id, date-time), nullable where the column is; `rules` replaces the derived schema of the fields
 * that carry the spec's messages or narrower limits. The server's own columns (id, tenant, audit, soft delete) are
 * never writable; `omit` keeps further columns the server owns out of the input (mass assignment is refused by
 * leaving them out, not by trusting the client). A column whose type cannot be derived must be named in `rules` or
 * `omit`: the definition fails at start rather than accepting an unchecked value.
 */
import { type Column, getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { audit, tenantCol } from '../columns.ts';
import { isId } from '../query.ts';

/** Columns the engine writes itself: the id and the columns of core/columns.ts `tenantCol` and `audit`. */
const SERVER_OWNED = new Set(['id', ...Object.keys(tenantCol()), ...Object.keys(audit())]);

const idValue = z.union([z.string(), z.number()]).refine((v) => isId(v), '必须是数字编号');

/** The derived schema of one column, or undefined when its type has no safe derivation. */
function columnSchema(col: Column): z.ZodTypeAny | undefined {
  const sqlType = String(col.getSQLType()).toLowerCase();
  let s: z.ZodTypeAny | undefined;
  if (sqlType === 'bigint') s = idValue;
  else if (/^(varchar|character varying)/.test(sqlType)) {
    const length = (col as Column & { length?: number }).length;
    s = length ? z.string().max(length, `不能超过 ${length} 个字符`) : z.string();
  } else if (sqlType === 'text') s = z.string();
  else if (/^(integer|smallint)$/.test(sqlType)) s = z.coerce.number().int();
  else if (/^(numeric|double precision|real)/.test(sqlType)) s = z.coerce.number();
  else if (sqlType === 'boolean') s = z.boolean();
  else if (/^timestamp/.test(sqlType)) s = z.coerce.date();
  if (!s) return undefined;
  return col.notNull && !col.hasDefault ? s : s.nullish();
}

export function tableInput(table: PgTable, rules: z.ZodRawShape = {}, opts: { omit?: string[] } = {}): z.ZodRawShape {
  const omit = new Set(opts.omit ?? []);
  const shape: Record<string, z.core.$ZodType> = {};
  for (const [prop, col] of Object.entries(getTableColumns(table))) {
    if (SERVER_OWNED.has(prop) || omit.has(prop)) continue;
    const s = rules[prop] ?? columnSchema(col);
    if (!s) {
      throw new Error(
        `tableInput: column ${prop} (${col.getSQLType()}) has no derived schema; give it a rule or omit it`,
      );
    }
    shape[prop] = s;
  }
  for (const prop of Object.keys(rules)) {
    if (!(prop in shape) && !omit.has(prop)) shape[prop] = rules[prop];
  }
  return shape;
}
