/** Rules shared by the tree-shaped families (departments, roles, menus, dictionaries). */
import { and, type Column, eq, inArray, not, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { badRequest } from '../../core/envelope.ts';
import { assertNoLiveRef } from '../../core/live-row.ts';
import type { Row, Tx } from '../../core/resource.ts';
import type { SoftDeleteTable } from '../../core/scoped.ts';

export const MSG_HAS_CHILDREN = '请先删除子节点';

interface TreeTable {
  table: PgTable;
  id: Column;
  parentId: Column;
  isDeleted: Column;
}

/**
 * Checks a row's new parent: it must exist (under `scope`, e.g. the same tenant) and must not be the row itself or
 * one of its descendants. Returns the parent row, or undefined for the top level ('0').
 */
export async function checkParent(
  tx: Tx,
  t: TreeTable,
  opts: { id?: string; parentId: string; scope?: SQL[]; notFound: string; cycle: string },
): Promise<Row | undefined> {
  if (opts.parentId === '0') return undefined;
  if (opts.id && opts.parentId === opts.id) throw badRequest(opts.cycle);
  let parent: Row | undefined;
  let cur = opts.parentId;
  for (let depth = 0; cur !== '0' && depth < 64; depth++) {
    const [row] = (await tx
      .select()
      .from(t.table as any)
      .where(and(eq(t.id, cur), eq(t.isDeleted, 0), ...(opts.scope ?? [])))
      .limit(1)) as Row[];
    if (!row) {
      if (!parent) throw badRequest(opts.notFound);
      break;
    }
    if (!parent) parent = row;
    if (opts.id && String(row.id) === opts.id) throw badRequest(opts.cycle);
    cur = String(row.parentId);
  }
  return parent;
}

/** Refuses to remove rows that still have children outside the removed set. */
export async function refuseChildren(tx: Tx, t: TreeTable, ids: string[], scope: SQL[] = [], msg = MSG_HAS_CHILDREN) {
  await assertNoLiveRef(tx, t.table as SoftDeleteTable, t.parentId, ids, msg, not(inArray(t.id, ids)), ...scope);
}
