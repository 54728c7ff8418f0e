/** Object-storage configurations (`/blade-resource/oss`): exactly one is enabled per tenant. */
import { CheckCircleOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ossApi } from '../../api/resource';
import { type CrudColumn, CrudPage } from '../../components/crud';
import { enabledTag } from './SmsPage';

const columns: CrudColumn[] = [
  {
    prop: 'category',
    label: 'oss.category',
    type: 'select',
    dict: 'oss',
    numeric: true,
    search: true,
    required: 'oss.categoryRequired',
  },
  { prop: 'ossCode', label: 'oss.ossCode', search: true, required: 'oss.codeRequired' },
  { prop: 'endpoint', label: 'oss.endpoint', tip: 'oss.endpointTip' },
  { prop: 'bucketName', label: 'oss.bucketName' },
  { prop: 'accessKey', label: 'oss.accessKey', hide: true },
  { prop: 'secretKey', label: 'oss.secretKey', hide: true, type: 'password' },
  { prop: 'appId', label: 'oss.appId', hide: true },
  { prop: 'region', label: 'oss.region', hide: true },
  {
    prop: 'status',
    label: 'oss.status',
    display: false,
    render: (v) => enabledTag(Number(v)),
  },
  { prop: 'remark', label: 'crud.remark', type: 'textarea', hide: true },
];

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
