/**
 * The entries of a system dictionary as a key → value map, for the modules that label stored keys with it (notice
 * categories, storage and SMS providers); other modules reach it through system/index.ts.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { dict } from './schema.ts';

/** The items of a system dictionary: dictKey → dictValue. */
export async function dictionaryItems(db: Pick<Db, 'select'>, code: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: dict.dictKey, value: dict.dictValue })
    .from(dict)
    .where(and(eq(dict.code, code), eq(dict.isDeleted, 0), ne(dict.parentId, '0')))
    .orderBy(dict.sort);
  return new Map(rows.map((r) => [r.key, r.value]));
}
