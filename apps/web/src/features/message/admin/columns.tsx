/** LogPage's columns: the list, the search bar and the dialog's fields in one schema. */
import { Tag } from 'antd';
import type { CrudColumn } from '../../../components/crud';
import { UserTreeSelect } from '../../../components/widgets';
import { CHANNELS, messageTypeColumn } from './common';

export const logColumns: CrudColumn[] = [
  { prop: 'title', label: 'msgAdmin.title', search: true, ellipsis: true },
  messageTypeColumn,
  { prop: 'channel', label: 'msgAdmin.channel', type: 'select', options: CHANNELS, search: true },
  { prop: 'templateCode', label: 'msgAdmin.templateCode', hide: true },
  { prop: 'content', label: 'msgAdmin.content', type: 'textarea', hide: true },
  { prop: 'sender', label: 'msgAdmin.sender' },
  {
    prop: 'senderId',
    label: 'msgAdmin.sender',
    hide: true,
    display: false,
    search: true,
    searchComponent: () => <UserTreeSelect leafOnly />,
  },
  { prop: 'receivers', label: 'msgAdmin.receivers', hide: true, type: 'textarea' },
  { prop: 'receiverCount', label: 'msgAdmin.receiverCount', width: 100 },
  {
    prop: 'sendStatus',
    label: 'msgAdmin.sendStatus',
    render: (v) => (Number(v) === 1 ? <Tag color="green">✓</Tag> : <Tag color="red">✗</Tag>),
  },
  { prop: 'errorMsg', label: 'msgAdmin.errorMsg', hide: true },
  { prop: 'sendTime', label: 'msgAdmin.sendTime', search: true, searchType: 'daterange' },
];
