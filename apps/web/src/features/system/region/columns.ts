/** RegionPage's columns: the list, the search bar and the dialog's fields in one schema. */
import type { Region } from '../../../api/system';
import { type CrudColumn, remarkColumn, sortColumn } from '../../../components/crud';

export const regionColumns: CrudColumn<Region>[] = [
  {
    prop: 'code',
    label: 'region.code',
    search: true,
    editDisabled: true,
    required: 'region.codeRequired',
    tip: 'region.codeTip',
  },
  { prop: 'name', label: 'region.name', search: true, required: 'region.nameRequired' },
  { prop: 'parentCode', label: 'region.parentCode', editDisabled: true, addDisplay: true },
  {
    prop: 'regionLevel',
    label: 'region.regionLevel',
    type: 'select',
    dict: 'region_level',
    numeric: true,
    display: false,
  },
  sortColumn('crud.sort', { min: 0, defaultValue: 1 }),
  remarkColumn('crud.remark', { hide: true }),
];
