/**
 * Table definitions a data model writes into a source: the field types it offers (spelt for PostgreSQL and MySQL),
 * the create/change input, and the DDL for creating and changing a table.
 */
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { Session } from './connect.ts';

const FIELD_TYPES: Record<string, { pg: (n?: number, s?: number) => string; my: (n?: number, s?: number) => string }> =
  {
    varchar: { pg: (n = 255) => `varchar(${n})`, my: (n = 255) => `varchar(${n})` },
    text: { pg: () => 'text', my: () => 'text' },
    int: { pg: () => 'integer', my: () => 'int' },
    bigint: { pg: () => 'bigint', my: () => 'bigint' },
    decimal: { pg: (n = 18, s = 2) => `numeric(${n},${s})`, my: (n = 18, s = 2) => `decimal(${n},${s})` },
    datetime: { pg: () => 'timestamp', my: () => 'datetime' },
    date: { pg: () => 'date', my: () => 'date' },
  };
/** a column type as the catalogue spells it, in the words FIELD_TYPES uses (display widths of MySQL ints dropped) */
export function sameType(t: string): string {
  return t
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^character varying/, 'varchar')
    .replace(/^timestamp without time zone$/, 'timestamp')
    .replace(/^(int|bigint)\(\d+\)$/, '$1')
    .replace(/^decimal/, 'numeric')
    .replace(/\s/g, '');
}
const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
export const tableInput = z.object({
  tableName: z.string({ error: '请输入表名' }).regex(IDENT, '表名只能由字母、数字和下划线组成，且不能以数字开头'),
  fields: z
    .array(
      z.object({
        field: z.string({ error: '请输入字段名' }).regex(IDENT, '字段名只能由字母、数字和下划线组成，且不能以数字开头'),
        dataType: z.enum(Object.keys(FIELD_TYPES) as [string, ...string[]], {
          error: '字段类型只能是 varchar、text、int、bigint、decimal、datetime、date',
        }),
        dataLength: z.coerce.number().int().min(1).max(10_000).optional(),
        decimalDigits: z.coerce.number().int().min(0).max(30).optional(),
        allowNull: z.coerce.number().int().min(0).max(1).optional(),
        primaryKey: z.coerce.number().int().min(0).max(1).optional(),
      }),
    )
    .min(1, '请至少添加一个字段'),
});
/** an update names the table it changes (`oldTableName`, default `tableName`): it may rename it */
export const tableUpdate = tableInput.extend({
  oldTableName: z.string().regex(IDENT, '原表名只能由字母、数字和下划线组成，且不能以数字开头').optional(),
});

/** Creates the table (refused when it exists); a key column is not null. */
export async function createTable(x: Session, b: z.infer<typeof tableInput>) {
  if ((await x.tables()).some((t) => t.table === b.tableName)) throw badRequest(`数据表已存在: ${b.tableName}`);
  const pg = x.kind !== 'MySQL';
  const cols = b.fields.map((f) => {
    const t = FIELD_TYPES[f.dataType];
    return `${x.quote(f.field)} ${(pg ? t.pg : t.my)(f.dataLength, f.decimalDigits)}${f.allowNull === 0 || f.primaryKey ? ' not null' : ''}`;
  });
  const keys = b.fields.filter((f) => f.primaryKey === 1).map((f) => x.quote(f.field));
  if (keys.length) cols.push(`primary key (${keys.join(', ')})`);
  await x.write(`create table ${x.qualified(b.tableName)} (${cols.join(', ')})`, [], 10_000);
}

/**
 * Changes a table: rename it, add the new fields, drop the fields left out, change nullability. A field's type
 * is not changed in place (existing rows may not convert): drop it and add it again.
 */
export async function alterTable(x: Session, from: string, b: z.infer<typeof tableUpdate>) {
  const tables = await x.tables();
  if (!tables.some((t) => t.table === from)) throw badRequest(`数据表不存在: ${from}`);
  if (from !== b.tableName && tables.some((t) => t.table === b.tableName))
    throw badRequest(`数据表已存在: ${b.tableName}`);
  const pg = x.kind !== 'MySQL';
  const have = new Map((await x.columns(from)).map((c) => [c.name, c]));
  const want = new Set(b.fields.map((f) => f.field));
  const steps: string[] = [];
  for (const f of b.fields) {
    const t = FIELD_TYPES[f.dataType];
    const type = (pg ? t.pg : t.my)(f.dataLength, f.decimalDigits);
    const notNull = f.allowNull === 0 || f.primaryKey === 1;
    const c = have.get(f.field);
    if (!c) {
      steps.push(`add column ${x.quote(f.field)} ${type}${notNull ? ' not null' : ''}`);
      continue;
    }
    if (sameType(c.type) !== sameType(type))
      throw badRequest(`不能修改字段类型: ${f.field}（${c.type} → ${type}），请删除后重新添加`);
    if (c.nullable === notNull)
      steps.push(
        pg
          ? `alter column ${x.quote(f.field)} ${notNull ? 'set' : 'drop'} not null`
          : `modify column ${x.quote(f.field)} ${type}${notNull ? ' not null' : ' null'}`,
      );
  }
  const dropped = [...have.keys()].filter((n) => !want.has(n));
  if (dropped.length === have.size) throw badRequest('请至少保留一个原有字段');
  for (const n of dropped) steps.push(`drop column ${x.quote(n)}`);
  if (steps.length) await x.write(`alter table ${x.qualified(from)} ${steps.join(', ')}`, [], 30_000);
  if (from !== b.tableName) {
    await x.write(
      pg
        ? `alter table ${x.qualified(from)} rename to ${x.quote(b.tableName)}`
        : `rename table ${x.qualified(from)} to ${x.qualified(b.tableName)}`,
      [],
      10_000,
    );
  }
}
