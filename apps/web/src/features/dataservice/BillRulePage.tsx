/**
 * Bill rules (`/api/system/BillRule`, sequences): prefix + date format + a sequence number padded to its digits;
 * numbers never repeat (the server advances each by one atomic update). 生成单号 takes the next number.
 */
import { NumberOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { billRuleApi } from '../../api/jnpf';
import { type CrudColumn, type CrudHandle, CrudPage, RowButton } from '../../components/crud';
import { enabledColumn } from './common';

const FORMATS = ['no', 'YYYY', 'YYYYMM', 'YYYYMMDD', 'YYYYMMDDHH', 'YYYYMMDDHHmm', 'YYYYMMDDHHmmss'].map((v) => ({
  label: v === 'no' ? 'billRule.noDate' : v,
  value: v,
}));

export default function BillRulePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const handle = useRef<CrudHandle | null>(null);
  const columns: CrudColumn[] = [
    { prop: 'keyword', label: 'billRule.keyword', search: true, hide: true, display: false },
    { prop: 'fullName', label: 'billRule.fullName', required: 'billRule.nameRequired' },
    { prop: 'enCode', label: 'billRule.enCode', required: 'billRule.codeRequired' },
    { prop: 'prefix', label: 'billRule.prefix' },
    { prop: 'dateFormat', label: 'billRule.dateFormat', type: 'select', options: FORMATS, defaultValue: 'YYYYMMDD' },
    {
      prop: 'digit',
      label: 'billRule.digit',
      type: 'number',
      min: 1,
      max: 18,
      defaultValue: 4,
      required: 'billRule.digitRequired',
    },
    { prop: 'startNumber', label: 'billRule.startNumber', type: 'number', min: 0, defaultValue: 1 },
    { prop: 'outputNumber', label: 'billRule.outputNumber', display: false },
    { prop: 'sortCode', label: 'crud.sort', type: 'number', min: 0, defaultValue: 0, hide: true },
    enabledColumn(billRuleApi.state, () => handle.current?.reload()),
    { prop: 'description', label: 'billRule.description', type: 'textarea', hide: true },
  ];
  return (
    <CrudPage
      api={{
        ...billRuleApi,
        submit: (row) => billRuleApi.submit({ ...row, dateFormat: row.dateFormat === 'no' ? '' : row.dateFormat }),
      }}
      columns={columns}
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
