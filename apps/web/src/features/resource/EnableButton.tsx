/**
 * The 启用 row button of the OSS and SMS configuration lists: exactly one configuration is enabled per tenant
 * (status 2), so the enabled one's button is off; the others ask first, then enable and reload the list.
 */
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import type { CrudHandle } from '../../components/crud';
import { RowButton } from '../../components/crud/RowButton';
import { useConfirmAction } from '../../components/crud/useConfirmAction';

type Props = {
  row: Row;
  h: CrudHandle;
  enable(id: string): Promise<unknown>;
  /** The screen's strings: `<ns>.enableConfirm` is the question asked, `<ns>.enable` the button's label. */
  ns: 'oss' | 'sms';
};

export function EnableButton({ row, h, enable, ns }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  return (
    <RowButton
      icon={<CheckCircleOutlined />}
      disabled={row.status === 2}
      onClick={() =>
        confirm({
          content: t(`${ns}.enableConfirm`),
          run: () => enable(String(row.id)),
          done: t('crud.operationSuccess'),
          after: () => h.reload(),
        })
      }
    >
      {t(`${ns}.enable`)}
    </RowButton>
  );
}
