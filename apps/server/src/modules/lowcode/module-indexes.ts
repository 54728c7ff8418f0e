/**
 * Expression indexes of an online module's search fields: one partial index per field over the module's live
 * records, replaced when the module's search fields or the index layout change.
 */
import { dataFields } from '@swp/contract';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../core/resource.ts';
import { tenantDdlText } from '../../core/scoped.ts';
import { parseForm } from './form-schema.ts';
import type { ModuleRow } from './modules.ts';
import { SEARCH_VALUE_MAX } from './records.ts';
import { lcModule, lcRecord } from './schema.ts';

/**
 * Index names: `lcr_<module id>_<field hash><layout>`. The layout letter names the index definition, so a
 * definition change replaces old indexes on the next sync (the lowcode seed syncs every published module when this
 * code changes). Layout `s`: `((search->>'f'), create_time desc, id desc) INCLUDE (search)` over the module's live
 * records of its tenant. The field then the list's default order: a page filtered on the field reads the index in
 * order and stops after the page instead of sorting every match; `search` carried along (and the module, tenant and
 * live-record conditions in the predicate): a filtered count is an index-only scan, not a visit to every matching
 * row of the wide `data` (100k records, a filter keeping 10%: 186 index pages instead of 4,348 table pages).
 */
const INDEX_LAYOUT = 's';
const indexName = (moduleId: string, field: string) => {
  let h = 0;
  for (const ch of field) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return `lcr_${moduleId}_${h.toString(36)}${INDEX_LAYOUT}`;
};

/** The search fields of a list design that are value fields of the form. */
export function searchFields(m: Pick<ModuleRow, 'formData' | 'columnData'>): string[] {
  const names = new Set(dataFields(parseForm(m.formData ?? { fields: [] })).map((d) => d.vModel));
  const list = ((m.columnData as Record<string, unknown> | null)?.searchList ?? []) as Record<string, unknown>[];
  return [...new Set(list.map((c) => String(c?.prop ?? '')).filter((p) => names.has(p) && /^[A-Za-z_]\w*$/.test(p)))];
}

/** SQL computing `lc_record.search` from `data`, as records.ts `searchValues` does. */
function searchSql(fields: string[]): string {
  const pick = (f: string) =>
    `'${f}', case when jsonb_typeof(data->'${f}') in ('string', 'number', 'boolean') and length(data->>'${f}') <= ${SEARCH_VALUE_MAX} then data->'${f}' end`;
  return `jsonb_strip_nulls(jsonb_build_object(${fields.map(pick).join(', ')}))`;
}

/**
 * Makes the module's search indexes match its search fields (published modules only): refills `search` of its
 * records when the fields change, creates the missing indexes, drops those of fields no longer searched and those
 * of an older layout (read from the catalog). Runs in the transaction that changes the module row, so record writes
 * (which share-lock that row) wait for it.
 */
export async function syncIndexes(
  tx: Tx,
  m: Pick<ModuleRow, 'id' | 'tenantId' | 'state' | 'formData' | 'columnData' | 'indexedFields'>,
) {
  if (!/^\d{1,19}$/.test(m.id)) throw new Error(`bad module id ${m.id}`);
  await tx.execute(sql`select 1 from lc_module where id = ${m.id} for update`);
  const want = m.state === 1 ? searchFields(m) : [];
  const names = new Map(want.map((f) => [indexName(m.id, f), f]));
  const have = (
    await tx.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where tablename = 'lc_record' and indexname like ${`lcr\\_${m.id}\\_%`}`,
    )
  ).rows.map((r) => r.indexname);
  for (const name of have.filter((x) => !names.has(x))) {
    await tx.execute(sql.raw(`drop index if exists ${name}`));
  }
  const had = m.indexedFields ?? [];
  const missing = [...names].filter(([name]) => !have.includes(name));
  if (want.length && (missing.length || want.length !== had.length || want.some((f) => !had.includes(f)))) {
    await tx.execute(
      sql`update lc_record set search = ${sql.raw(searchSql(want))} where module_id = ${m.id} and is_deleted = 0`,
    );
  }
  // DDL takes no parameters: the tenant is a literal (the query layer quotes it)
  const tenant = tenantDdlText(lcRecord, m.tenantId);
  for (const [name, f] of missing) {
    await tx.execute(
      sql.raw(
        `create index if not exists ${name} on lc_record ((search->>'${f}'), create_time desc, id desc) include (search)
         where module_id = ${m.id} and ${tenant} and is_deleted = 0`,
      ),
    );
  }
  await tx.update(lcModule).set({ indexedFields: want }).where(eq(lcModule.id, m.id));
  return want;
}
