/** OnlineUserPage's columns: the list, the search bar and the dialog's fields in one schema. */
import { Tag } from 'antd';
import type { CrudColumn } from '../../components/crud';

export const onlineUserColumns: CrudColumn[] = [
  { prop: 'keyword', label: 'online.keyword', search: true, hide: true, display: false },
  {
    prop: 'userName',
    label: 'online.userName',
    render: (v, r) =>
      r.current ? (
        <>
          {v} <Tag color="blue">●</Tag>
        </>
      ) : (
        v
      ),
  },
  { prop: 'account', label: 'online.account' },
  { prop: 'loginIPAddress', label: 'online.ip' },
  { prop: 'clientId', label: 'online.clientId' },
  { prop: 'loginTime', label: 'online.loginTime' },
  { prop: 'lastSeen', label: 'online.lastSeen' },
  { prop: 'loginPlatForm', label: 'online.platform', ellipsis: true },
];
