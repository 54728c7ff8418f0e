/** ScopePage's columns: the list, the search bar and the dialog's fields in one schema. */
import type { Menu } from '../../../api/system';
import type { CrudColumn } from '../../../components/crud';

export const scopeColumns: CrudColumn<Menu>[] = [
  { prop: 'name', label: 'menuMgr.name', search: true },
  { prop: 'code', label: 'menuMgr.code', search: true },
  { prop: 'path', label: 'menuMgr.path' },
  { prop: 'sort', label: 'crud.sort' },
];
