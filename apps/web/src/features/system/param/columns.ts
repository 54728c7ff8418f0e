/** The parameter screen's columns (spec 1 §2.7): the list, the search bar and the dialog's fields in one schema. */
import { type CrudColumn, remarkColumn } from '../../../components/crud';

export const paramColumns: CrudColumn[] = [
  { prop: 'paramName', label: 'param.paramName', search: true, required: 'param.nameRequired', trigger: 'onBlur' },
  { prop: 'paramKey', label: 'param.paramKey', search: true, required: 'param.keyRequired', trigger: 'onBlur' },
  {
    prop: 'paramValue',
    label: 'param.paramValue',
    type: 'textarea',
    rows: 6,
    required: 'param.valueRequired',
    trigger: 'onBlur',
    ellipsis: true,
  },
  remarkColumn('crud.remark', { hide: true }),
];
