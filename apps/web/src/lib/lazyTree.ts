/**
 * Lazy tree tables (departments, menus): without filters the table starts from the top level and loads children
 * on expand (`lazy-list?parentId=`); with filters the whole filtered tree comes from `list`.
 */
import type { Query, Row } from '../api/crud';

export function lazyTreePage<T extends Row>(
  lazyList: (q: Query) => Promise<T[]>,
  list: (q: Query) => Promise<unknown>,
): (q: Query) => Promise<any> {
  return (q) => {
    const filters = Object.keys(q).filter((k) => k !== 'current' && k !== 'size');
    return filters.length ? list(q) : lazyList({ parentId: '0' });
  };
}
