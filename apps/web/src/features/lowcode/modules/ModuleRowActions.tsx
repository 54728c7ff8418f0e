/**
 * The row actions of 功能设计: design, copy, preview, code, and publish or unpublish (unpublishing reloads the
 * menus), each as the user's permissions allow.
 */
import { CopyOutlined, EditOutlined, EyeOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import type { LcModule } from '@swp/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { visualDevApi } from '../../../api/lowcode';
import { RowButton } from '../../../components/crud/RowButton';
import { useSession } from '../../../stores/session';

interface Props {
  row: LcModule;
  can: { add: boolean; edit: boolean; release: boolean };
  onEdit(): void;
  onCode(): void;
  onRelease(): void;
  reload(): void;
}

export function ModuleRowActions({ row, can, onEdit, onCode, onRelease, reload }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  return (
    <>
      {can.edit && (
        <RowButton icon={<EditOutlined />} onClick={onEdit}>
          {t('lowcode.module.design')}
        </RowButton>
      )}
      {can.add && (
        <RowButton
          icon={<CopyOutlined />}
          onClick={async () => {
            await visualDevApi.copy(row.id);
            message.success(t('lowcode.module.copied'));
            reload();
          }}
        >
          {t('lowcode.module.copy')}
        </RowButton>
      )}
      <RowButton
        icon={<EyeOutlined />}
        onClick={() => navigate(`/previewModel/index?id=${encodeURIComponent(row.id)}`)}
      >
        {t('lowcode.module.preview')}
      </RowButton>
      <RowButton onClick={onCode}>{t('lowcode.module.code')}</RowButton>
      {can.release &&
        (Number(row.state) === 1 ? (
          <RowButton
            icon={<StopOutlined />}
            onClick={() =>
              modal.confirm({
                title: t('common.confirmTitle'),
                content: t('lowcode.module.unreleaseConfirm'),
                onOk: async () => {
                  await visualDevApi.unrelease(row.id);
                  message.success(t('lowcode.module.unreleased'));
                  await useSession.getState().loadSessionMenus?.();
                  reload();
                },
              })
            }
          >
            {t('lowcode.module.unrelease')}
          </RowButton>
        ) : (
          <RowButton icon={<SendOutlined />} onClick={onRelease}>
            {t('lowcode.module.release')}
          </RowButton>
        ))}
    </>
  );
}
