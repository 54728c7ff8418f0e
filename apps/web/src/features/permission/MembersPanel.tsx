/**
 * The members of a role or position (`UserRelation/{id}`): who holds it (`GET`, the people through
 * `Users/getUserList`), 添加成员 with the user picker and 移除 (confirmed); each change writes the whole member list
 * (`POST UserRelation/{id}`, the visible holders become exactly that list).
 */
import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { App, Button, Space, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type JnpfUser, permissionApi } from '../../api/permission';
import { emptyLocale, RowButton } from '../../components/crud';
import { UserPicker } from '../../components/widgets';
import { addMembers, removeMembers } from './logic';

export interface MembersPanelProps {
  objectId: string;
  objectType: 'Role' | 'Position';
}

export function MembersPanel({ objectId, objectType }: MembersPanelProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [ids, setIds] = useState<string[]>([]);
  const [rows, setRows] = useState<JnpfUser[]>([]);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const rel = await permissionApi.relation.get(objectId, objectType);
      const holders = (rel?.ids ?? []).map(String);
      const people = holders.length ? ((await permissionApi.users.byIds(holders))?.list ?? []) : [];
      const order = new Map(holders.map((id, i) => [id, i]));
      setIds(holders);
      setRows([...people].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)));
      setSelected((s) => s.filter((id) => holders.includes(id)));
    } catch {
      setIds([]);
      setRows([]);
    } finally {
      setLoading(false);
    }
  }, [objectId, objectType]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (next: string[]) => {
    try {
      await permissionApi.relation.save(objectId, objectType, next);
      message.success(t('crud.operationSuccess'));
    } catch {
      // the HTTP client has shown the server's reason
    }
    await load();
  };

  const remove = (userIds: string[]) => {
    if (!userIds.length) {
      message.warning(t('crud.selectOne'));
      return;
    }
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('crud.confirmRemove'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: () => save(removeMembers(ids, userIds)),
    });
  };

  return (
    <div data-testid="members-panel">
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setPicking(true)}>
          {t('perm.auth.addMember')}
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
          {t('perm.auth.removeMember')}
        </Button>
      </Space>
      <Table<JnpfUser>
        rowKey="id"
        size="small"
        bordered
        loading={loading}
        dataSource={rows}
        pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        locale={emptyLocale(t('crud.empty'))}
        columns={[
          { title: t('perm.auth.realName'), dataIndex: 'realName' },
          { title: t('perm.auth.account'), dataIndex: 'account' },
          { title: t('perm.auth.organize'), dataIndex: 'organize' },
          { title: t('perm.auth.position'), dataIndex: 'position' },
          {
            title: t('crud.actions'),
            key: '__actions',
            width: 100,
            render: (_v, r) => (
              <RowButton danger onClick={() => remove([r.id])}>
                {t('perm.auth.removeMember')}
              </RowButton>
            ),
          },
        ]}
      />
      <UserPicker
        open={picking}
        multiple
        withTree
        title={t('perm.auth.memberTitle')}
        onCancel={() => setPicking(false)}
        onOk={(users) => {
          setPicking(false);
          void save(
            addMembers(
              ids,
              users.map((u) => String(u.id)),
            ),
          );
        }}
      />
    </div>
  );
}
