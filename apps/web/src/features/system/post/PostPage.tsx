/** Posts (`/blade-system/post`): category, code, name, sort, remark. */
import { postApi } from '../../../api/system';
import { type CrudColumn, CrudPage } from '../../../components/crud';

const columns: CrudColumn[] = [
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

export default function PostPage() {
  return <CrudPage api={postApi} columns={columns} title="post.title" permission="post" />;
}
