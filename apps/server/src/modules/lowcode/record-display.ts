/**
 * Records as people read them (JNPF DataChange): option values as their labels, user, department and position ids
 * as names, dates formatted, sub-tables row by row.
 */
import { type DataField, dataFields } from '@swp/contract';
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../core/module.ts';
import { inTenant } from '../../core/scoped.ts';
import { dept, post, role, user } from '../system/index.ts';
import { type Data, isEmpty, type ModuleLike } from './records.ts';

const optionLabel = (df: DataField, v: unknown): string => {
  const opts = (df.field.options ?? df.field.__slot__?.options ?? []) as Data[];
  const p = ((df.field.props as Data | undefined)?.props ?? df.field.props ?? {}) as Data;
  const vk = String(p.value ?? 'id');
  const lk = String(p.label ?? 'fullName');
  const ck = String(p.children ?? 'children');
  const find = (list: Data[]): string | undefined => {
    for (const o of list) {
      if (String(o[vk] ?? o.value ?? o.id) === String(v)) return String(o[lk] ?? o.label ?? o.fullName ?? v);
      const kids = o[ck];
      if (Array.isArray(kids)) {
        const f = find(kids as Data[]);
        if (f !== undefined) return f;
      }
    }
    return undefined;
  };
  return find(opts) ?? String(v);
};

export interface NameMaps {
  user: Map<string, string>;
  dept: Map<string, string>;
  post: Map<string, string>;
  role: Map<string, string>;
}

const USER_KEYS = new Set(['userSelect', 'createUser', 'modifyUser']);
const DEPT_KEYS = new Set(['depSelect', 'organizeSelect', 'currOrganize']);
const POST_KEYS = new Set(['posSelect', 'currPosition']);

/** The names of the users, departments, positions and roles the records refer to. */
export async function nameMaps(db: AppContext['db'], tenantId: string, fields: DataField[], rows: Data[]) {
  const ids = { user: new Set<string>(), dept: new Set<string>(), post: new Set<string>(), role: new Set<string>() };
  const collect = (fs: DataField[], r: Data) => {
    for (const df of fs) {
      const v = r[df.vModel];
      if (isEmpty(v)) continue;
      const list = (Array.isArray(v) ? v.flat() : [v]).map(String).filter((x) => /^\d{1,19}$/.test(x));
      if (USER_KEYS.has(df.key)) for (const x of list) ids.user.add(x);
      if (DEPT_KEYS.has(df.key)) for (const x of list) ids.dept.add(x);
      if (POST_KEYS.has(df.key)) for (const x of list) ids.post.add(x);
      if (df.key === 'roleSelect') for (const x of list) ids.role.add(x);
      if (df.key === 'table' && Array.isArray(v)) for (const row of v as Data[]) collect(df.children ?? [], row ?? {});
    }
  };
  for (const r of rows) collect(fields, r);
  const namesIn = async (table: PgTable & { id: PgColumn }, name: PgColumn, list: Set<string>) => {
    const out = new Map<string, string>();
    if (list.size)
      for (const r of await db
        .select({ id: table.id, n: name })
        .from(table)
        .where(inTenant(table, tenantId, inArray(table.id, [...list]))))
        out.set(String(r.id), String(r.n ?? ''));
    return out;
  };
  return {
    user: await namesIn(user, user.realName, ids.user),
    dept: await namesIn(dept, dept.deptName, ids.dept),
    post: await namesIn(post, post.postName, ids.post),
    role: await namesIn(role, role.roleName, ids.role),
  };
}

/** A value as shown: option labels, names of people and organisations, 是/否, file names, rows of sub-tables. */
export function displayValue(df: DataField, v: unknown, names: NameMaps): unknown {
  if (isEmpty(v)) return '';
  const list = (x: unknown) => (Array.isArray(x) ? x : [x]);
  const byMap = (m: Map<string, string>) =>
    list(v)
      .flat()
      .map((x) => m.get(String(x)) ?? String(x))
      .join(',');
  switch (df.key) {
    case 'switch':
      return Number(v) === 1 || v === true ? '是' : '否';
    case 'radio':
    case 'select':
    case 'checkbox':
    case 'treeSelect':
    case 'cascader':
      return list(v)
        .map((x) => optionLabel(df, x))
        .join(df.key === 'cascader' ? '/' : ',');
    case 'uploadFile':
    case 'uploadImg':
      return list(v)
        .map((f) => String((f as Data)?.name ?? (f as Data)?.url ?? ''))
        .join(',');
    case 'areaSelect':
      return list(v).join('/');
    case 'table':
      return list(v).map((r) =>
        Object.fromEntries((df.children ?? []).map((c) => [c.vModel, displayValue(c, (r as Data)?.[c.vModel], names)])),
      );
    case 'roleSelect':
      return byMap(names.role);
    default:
      if (USER_KEYS.has(df.key)) return byMap(names.user);
      if (DEPT_KEYS.has(df.key)) return byMap(names.dept);
      if (POST_KEYS.has(df.key)) return byMap(names.post);
      return Array.isArray(v) ? v.join(',') : v;
  }
}

/** Records with display values (DataChange, exports). */
export async function displayRecords(ctx: AppContext, module: ModuleLike, rows: { id: string; data: Data }[]) {
  const fields = dataFields(module.form);
  const names = await nameMaps(
    ctx.db,
    module.tenantId,
    fields,
    rows.map((r) => r.data),
  );
  return rows.map((r) => ({
    id: r.id,
    ...Object.fromEntries(fields.map((df) => [df.vModel, displayValue(df, r.data[df.vModel], names)])),
  }));
}
