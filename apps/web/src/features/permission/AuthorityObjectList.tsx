/** The left list of 组织权限: the objects of one kind (roles, positions or users), searchable and paged; a click picks. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ObjectType, permissionApi } from '../../api/permission';
import { emptyLocale } from '../../components/crud';
import type { Picked } from './useAuthority';

const A = permissionApi;
const PAGE_SIZE = 20;

const listOf = (type: ObjectType, q: Record<string, unknown>) =>
  type === 'Role' ? A.role.list(q) : type === 'Position' ? A.position.list(q) : A.users.list(q);

const nameOf = (type: ObjectType, r: Record<string, any>) =>
  type === 'User' ? (r.realName ? `${r.realName}/${r.account}` : String(r.account)) : String(r.fullName);

export function AuthorityObjectList(p: { type: ObjectType; picked?: string; onPick(o: Picked): void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const objects = useQuery({
    queryKey: ['permission-authority-objects', p.type, keyword, page],
    queryFn: () => listOf(p.type, { keyword, currentPage: page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const columns =
    p.type === 'User'
      ? [
          { title: t('perm.auth.realName'), dataIndex: 'realName' },
          { title: t('perm.auth.account'), dataIndex: 'account' },
          { title: t('perm.auth.organize'), dataIndex: 'organize', ellipsis: true },
        ]
      : [
          { title: t('perm.auth.name'), dataIndex: 'fullName' },
          { title: t('perm.auth.code'), dataIndex: 'enCode' },
        ];
  const pick = (r: Record<string, any>) => p.onPick({ id: String(r.id), name: nameOf(p.type, r), type: p.type });
  return (
    <div data-testid="authority-objects">
      <Input.Search
        allowClear
        placeholder={t('perm.auth.keyword')}
        aria-label={t('perm.auth.keyword')}
        style={{ marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
      />
      <Table
        rowKey="id"
        size="small"
        bordered
        loading={objects.isFetching}
        dataSource={objects.data?.list ?? []}
        columns={columns}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: p.picked ? [p.picked] : [],
          onChange: (_k, rows) => rows[0] && pick(rows[0]),
        }}
        onRow={(r) => ({ onClick: () => pick(r), style: { cursor: 'pointer' } })}
        locale={emptyLocale(t('crud.empty'))}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: objects.data?.pagination?.total ?? 0,
          size: 'small',
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
    </div>
  );
}
