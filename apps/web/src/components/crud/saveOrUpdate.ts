/**
 * A family whose server keeps a new row (`save`, no id) and an edited one (`update`, an id) at two endpoints, with
 * both behind the one `submit` CrudPage calls.
 */
import type { Row } from '../../api/crud';

export function saveOrUpdate<A extends { save(row: Row): Promise<unknown>; update(row: Row): Promise<unknown> }>(
  api: A,
) {
  return { ...api, submit: (row: Row) => (row.id ? api.update(row) : api.save(row)) };
}
