/**
 * Bill rules (`/api/system/BillRule`, sequences): prefix + date format + a sequence number padded to its digits;
 * numbers never repeat (the server advances each by one atomic update). 生成单号 takes the next number.
 */
import { NumberOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { billRuleApi } from '../../api/jnpf';
import { type CrudHandle, CrudPage, RowButton } from '../../components/crud';
import { billRuleColumns } from './columns';

export default function BillRulePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const handle = useRef<CrudHandle | null>(null);
  return (
    <CrudPage
      api={{
        ...billRuleApi,
        submit: (row) => billRuleApi.submit({ ...row, dateFormat: row.dateFormat === 'no' ? '' : row.dateFormat }),
      }}
      columns={billRuleColumns(() => handle.current?.reload())}
      title="billRule.title"
      permission="bill_rule"
      handleRef={handle}
      actionWidth={330}
      rowActions={(row, h) => (
        <RowButton
          icon={<NumberOutlined />}
          onClick={async () => {
            const n = await billRuleApi.billNumber(String(row.enCode));
            modal.success({ title: t('billRule.next'), content: String(n) });
            h.reload();
          }}
        >
          {t('billRule.next')}
        </RowButton>
      )}
    />
  );
}
