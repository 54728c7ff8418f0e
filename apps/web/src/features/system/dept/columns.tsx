/** DeptPage's columns: the list, the search bar and the dialog's fields in one schema. */
import type { Dept } from '../../../api/system';
import { type CrudColumn, remarkColumn, sortColumn } from '../../../components/crud';
import { DeptTreeSelect } from '../../../components/widgets';

export const deptColumns: CrudColumn<Dept>[] = [
  { prop: 'deptName', label: 'dept.deptName', search: true, required: 'dept.nameRequired' },
  { prop: 'fullName', label: 'dept.fullName', search: true },
  { prop: 'parentId', label: 'dept.parentId', hide: true, span: 24, component: () => <DeptTreeSelect /> },
  {
    prop: 'deptCategory',
    label: 'dept.deptCategory',
    type: 'select',
    dict: 'dept_category',
    numeric: true,
    required: 'dept.categoryRequired',
    defaultValue: 2,
  },
  sortColumn('crud.sort', { min: 0, required: 'dept.sortRequired', defaultValue: 1 }),
  remarkColumn('crud.remark', { hide: true }),
];
