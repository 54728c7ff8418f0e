/** NoticePage's columns: the list, the search bar and the dialog's fields in one schema. */
import type { CrudColumn } from '../../../components/crud';
import { DictTreeSelect, RichTextEditor } from '../../../components/widgets';

export const noticeColumns: CrudColumn[] = [
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
