/** Online users (`/api/system/OnlineUser`): the open sessions of the tenant; 强制下线 ends a session everywhere. */
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type CrudApi, fromJnpf, type Row } from '../../api/crud';
import { onlineUserApi } from '../../api/jnpf';
import { CrudPage, READ_ONLY_LIST, RowButton } from '../../components/crud';
import { useConfirmAction } from '../../components/crud/useConfirmAction';
import { usePermission } from '../../stores/session';
import { onlineUserColumns as columns } from './columns';

const api = {
  key: '/api/system/OnlineUser',
  page: async ({ current, size, ...q }: Row) =>
    fromJnpf(await onlineUserApi.list({ currentPage: current, pageSize: size, ...q })),
  submit: async () => null,
  remove: async (ids: string[]) => {
    for (const id of ids) await onlineUserApi.remove(id);
  },
} as CrudApi;

export default function OnlineUserPage() {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  const canKick = usePermission('online_user_force');
  return (
    <CrudPage
      api={api}
      columns={columns}
      title="online.title"
      permission="online_user"
      {...READ_ONLY_LIST}
      actionWidth={140}
      rowActions={(row, h) =>
        canKick && (
          <RowButton
            danger
            icon={<LogoutOutlined />}
            disabled={!!row.current}
            onClick={() =>
              confirm({
                content: t('online.kickConfirm', { name: row.userName }),
                run: () => onlineUserApi.remove(String(row.id)),
                done: t('online.kicked'),
                after: () => h.reload(),
              })
            }
          >
            {t('online.kick')}
          </RowButton>
        )
      }
    />
  );
}
