/**
 * The users table's own toolbar buttons, each behind its permission: grant roles, reset password, unlock, enable,
 * disable (each on the selection, after a confirmation), import and export of the filtered list. It returns a
 * render function (not a component) so the buttons stay separate items of the CRUD toolbar's Space.
 */
import {
  CheckCircleOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  KeyOutlined,
  StopOutlined,
  TeamOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { type User, userApi } from '../../api/user';
import type { CrudHandle } from '../../components/crud';
import { useConfirmAction } from '../../components/crud/useConfirmAction';
import { saveBlob } from '../../lib/download';
import { usePermission } from '../../stores/session';

const setState = (ids: string[], status: number) =>
  http.post<null>('/api/blade-user/state', undefined, { params: { userIds: ids.join(','), status } });

interface Options {
  query: { deptId?: string };
  onGrant: (ids: string[] | null) => void;
  onImport: () => void;
}

export function useUserToolbar({ query, onGrant, onImport }: Options) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const can = {
    grant: usePermission('user_role'),
    reset: usePermission('user_reset'),
    imp: usePermission('user_import'),
    exp: usePermission('user_export'),
    unlock: usePermission('user_unlock'),
    state: usePermission('user_state'),
  };

  const needSelection = (h: CrudHandle<User>) => {
    if (!h.selected.length) {
      message.warning(t('crud.selectOne'));
      return null;
    }
    return h.selected.map((u) => u.id);
  };
  const confirmRun = (h: CrudHandle<User>, text: string, run: (ids: string[]) => Promise<unknown>) => {
    const ids = needSelection(h);
    if (!ids) return;
    confirm({
      content: text,
      run: () => run(ids),
      done: t('crud.operationSuccess'),
      after: () => {
        h.clearSelection();
        h.reload();
      },
    });
  };

  return (h: CrudHandle<User>) => (
    <>
      {can.grant && (
        <Button icon={<TeamOutlined />} onClick={() => onGrant(needSelection(h))}>
          {t('user.grant')}
        </Button>
      )}
      {can.reset && (
        <Button icon={<KeyOutlined />} onClick={() => confirmRun(h, t('user.resetConfirm'), userApi.resetPassword)}>
          {t('user.reset')}
        </Button>
      )}
      {can.unlock && (
        <Button icon={<UnlockOutlined />} onClick={() => confirmRun(h, t('user.unlockConfirm'), userApi.unlock)}>
          {t('user.unlock')}
        </Button>
      )}
      {can.state && (
        <>
          <Button
            icon={<CheckCircleOutlined />}
            onClick={() => confirmRun(h, t('user.enableConfirm'), (ids) => setState(ids, 1))}
          >
            {t('user.enable')}
          </Button>
          <Button
            icon={<StopOutlined />}
            onClick={() => confirmRun(h, t('user.disableConfirm'), (ids) => setState(ids, 0))}
          >
            {t('user.disable')}
          </Button>
        </>
      )}
      {can.imp && (
        <Button icon={<FileExcelOutlined />} onClick={onImport}>
          {t('user.import')}
        </Button>
      )}
      {can.exp && (
        <Button
          icon={<DownloadOutlined />}
          onClick={async () => {
            const { blob, fileName } = await http.blob('GET', userApi.exportUrl, { params: query }, '用户数据.xlsx');
            saveBlob(blob, fileName);
          }}
        >
          {t('user.export')}
        </Button>
      )}
    </>
  );
}
