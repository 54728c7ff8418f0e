/**
 * The pieces of an in-memory resource API that the screens' unit tests fake alike. They are used inside `vi.mock`
 * factories, which run before the file's imports: import this module there with `await import(…)`.
 */

interface Store {
  rows: Record<string, any>[];
  submits: Record<string, any>[];
}

/** One page holding all of `rows`, as the server's page reply. */
export const onePage = (rows: Record<string, any>[]) => ({
  records: rows,
  total: rows.length,
  current: 1,
  size: 10,
  pages: 1,
});

/** `detail` finds a row by id; `submit` notes the row sent. */
export function memoryRecords(store: Store) {
  return {
    detail: async (id: string) => store.rows.find((r) => r.id === id) ?? null,
    submit: async (row: Record<string, any>) => {
      store.submits.push(row);
      return null;
    },
  };
}

/** `remove` notes the ids and drops their rows. */
export function memoryRemove(store: Store & { removes: string[][] }) {
  return async (ids: string[]) => {
    store.removes.push(ids);
    store.rows = store.rows.filter((r) => !ids.includes(r.id));
    return null;
  };
}
