/** PostPage's columns: the list, the search bar and the dialog's fields in one schema. */
import { type CrudColumn, remarkColumn, sortColumn } from '../../../components/crud';

export const postColumns: CrudColumn[] = [
  {
    prop: 'category',
    label: 'post.category',
    type: 'select',
    dict: 'post_category',
    numeric: true,
    search: true,
    required: 'post.categoryRequired',
  },
  { prop: 'postCode', label: 'post.postCode', search: true, required: 'post.codeRequired' },
  { prop: 'postName', label: 'post.postName', search: true, required: 'post.nameRequired' },
  sortColumn('crud.sort', { min: 0, required: 'post.sortRequired', defaultValue: 1 }),
  remarkColumn('crud.remark', { hide: true }),
];
