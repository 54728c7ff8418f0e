/** Notices (`/blade-desk/notice`, spec 1 §7.2): title, category, release time and rich-text content (sanitised by the server). */
import { noticeApi } from '../../../api/desk';
import { type CrudColumn, CrudPage } from '../../../components/crud';
import { DictTreeSelect, RichTextEditor } from '../../../components/widgets';

const columns: CrudColumn[] = [
  { prop: 'title', label: 'notice.title', search: true, required: 'notice.titleRequired', span: 24 },
  {
    prop: 'category',
    label: 'notice.category',
    type: 'select',
    dict: 'notice',
    numeric: true,
    search: true,
    searchComponent: () => <DictTreeSelect code="notice" />,
    required: 'notice.categoryRequired',
  },
  { prop: 'releaseTime', label: 'notice.releaseTime', type: 'datetime', required: 'notice.releaseRequired' },
  { prop: 'createTime', label: 'crud.createTime', search: true, searchType: 'daterange', display: false, hide: true },
  {
    prop: 'content',
    label: 'notice.content',
    hide: true,
    span: 24,
    component: ({ disabled }) => <RichTextEditor disabled={disabled} />,
  },
];

export default function NoticePage() {
  return <CrudPage api={noticeApi} columns={columns} title="notice.titleNoun" permission="notice" dialogWidth={1000} />;
}
