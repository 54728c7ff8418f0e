/** Object-storage configurations (`/blade-resource/oss`): exactly one is enabled per tenant. */
import { CheckCircleOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ossApi } from '../../api/resource';
import { CrudPage } from '../../components/crud';
import { ossColumns as columns } from './columns';

export default function OssPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return (
    <CrudPage
      api={ossApi}
      columns={columns}
      title="oss.title"
      permission="oss"
      actionWidth={340}
      rowActions={(row, h) => (
        <Button
          type="link"
          size="small"
          icon={<CheckCircleOutlined />}
          disabled={row.status === 2}
          onClick={() =>
            modal.confirm({
              title: t('crud.confirmTitle'),
              content: t('oss.enableConfirm'),
              okText: t('crud.ok'),
              cancelText: t('crud.cancel'),
              onOk: async () => {
                // a refusal has been shown by the HTTP client; the confirmation closes either way
                await (async () => {
                  await ossApi.enable(String(row.id));
                  message.success(t('crud.operationSuccess'));
                  h.reload();
                })().catch(() => {});
              },
            })
          }
        >
          {t('oss.enable')}
        </Button>
      )}
    />
  );
}
