/** TopMenuPage's columns: the list, the search bar and the dialog's fields in one schema. */
import { type CrudColumn, remarkColumn, sortColumn } from '../../../components/crud';

export const topMenuColumns: CrudColumn[] = [
  { prop: 'code', label: 'topmenu.code', search: true, required: 'topmenu.codeRequired' },
  { prop: 'name', label: 'topmenu.name', search: true, required: 'topmenu.nameRequired' },
  { prop: 'i18n', label: 'topmenu.i18n' },
  { prop: 'source', label: 'topmenu.source' },
  { prop: 'path', label: 'topmenu.path' },
  sortColumn('crud.sort', { min: 0, required: 'topmenu.sortRequired', defaultValue: 1 }),
  remarkColumn('crud.remark', { hide: true }),
];
