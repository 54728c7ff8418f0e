/** Notices (`/blade-desk/notice`, spec 1 §7.2): title, category, release time and rich-text content (sanitised by the server). */
import { noticeApi } from '../../../api/desk';
import { CrudPage } from '../../../components/crud';
import { noticeColumns as columns } from './columns';

export default function NoticePage() {
  return <CrudPage api={noticeApi} columns={columns} title="notice.titleNoun" permission="notice" dialogWidth={1000} />;
}
