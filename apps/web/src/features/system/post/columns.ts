/** PostPage's columns: the list, the search bar and the dialog's fields in one schema. */
import type { CrudColumn } from '../../../components/crud';

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
  { prop: 'sort', label: 'crud.sort', type: 'number', min: 0, required: 'post.sortRequired', defaultValue: 1 },
  { prop: 'remark', label: 'crud.remark', type: 'textarea', hide: true },
];
