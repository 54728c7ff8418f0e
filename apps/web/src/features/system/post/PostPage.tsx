/** Posts (`/blade-system/post`): category, code, name, sort, remark. */
import { postApi } from '../../../api/system';
import { CrudPage } from '../../../components/crud';
import { postColumns as columns } from './columns';

export default function PostPage() {
  return <CrudPage api={postApi} columns={columns} title="post.title" permission="post" />;
}
