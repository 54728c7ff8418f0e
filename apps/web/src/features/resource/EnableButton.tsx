/**
 * The 启用 row button of the OSS and SMS configuration lists: exactly one configuration is enabled per tenant
 * (status 2), so the enabled one's button is off; the others ask first, then enable and reload the list.
 */
import { CheckCircleOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import type { CrudHandle } from '../../components/crud';

type Props = {
  row: Row;
  h: CrudHandle;
  enable(id: string): Promise<unknown>;
  /** The screen's strings: `<ns>.enableConfirm` is the question asked, `<ns>.enable` the button's label. */
  ns: 'oss' | 'sms';
};

export function EnableButton({ row, h, enable, ns }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return (
    <Button
      type="link"
      size="small"
      icon={<CheckCircleOutlined />}
      disabled={row.status === 2}
      onClick={() =>
        modal.confirm({
          title: t('crud.confirmTitle'),
          content: t(`${ns}.enableConfirm`),
          okText: t('crud.ok'),
          cancelText: t('crud.cancel'),
          onOk: async () => {
            // a refusal has been shown by the HTTP client; the confirmation closes either way
            await (async () => {
              await enable(String(row.id));
              message.success(t('crud.operationSuccess'));
              h.reload();
            })().catch(() => {});
          },
        })
      }
    >
      {t(`${ns}.enable`)}
    </Button>
  );
}
