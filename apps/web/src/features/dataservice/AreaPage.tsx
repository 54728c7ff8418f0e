/** Areas (`/api/system/Area`): a lazy tree of city / district / DMA zone / estate; add under a node, enable/disable. */
import { PlusOutlined } from '@ant-design/icons';
import { Input, Space } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { areaApi, billRuleApi } from '../../api/jnpf';
import { type CrudColumn, type CrudHandle, CrudPage, RowButton } from '../../components/crud';
import { BillRuleSelect } from '../../components/widgets';
import { enabledColumn } from './common';

const TYPES = [
  { label: 'area.city', value: 1 },
  { label: 'area.district', value: 2 },
  { label: 'area.dma', value: 3 },
  { label: 'area.estate', value: 4 },
];

const api = {
  key: '/api/system/Area',
  page: async (q: Row) => (await areaApi.list('0', q.keyword ? { keyword: q.keyword } : undefined))?.list ?? [],
  detail: (id: string) => areaApi.info(id),
  submit: (row: Row) => (row.id ? areaApi.update(row.id, row) : areaApi.create(row)),
  remove: async (ids: string[]) => {
    for (const id of ids) await areaApi.remove(id);
  },
};

/** The area code, typed or taken as the next number of a bill rule. */
function CodeField(p: { value?: string; onChange?: (v: string) => void; disabled?: boolean; id?: string }) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input id={p.id} value={p.value} disabled={p.disabled} onChange={(e) => p.onChange?.(e.target.value)} />
      <div style={{ width: 220 }}>
        <BillRuleSelect
          disabled={p.disabled}
          onChange={async (_v, o) => {
            if (o) p.onChange?.(String(await billRuleApi.billNumber(o.sequenceCode)));
          }}
        />
      </div>
    </Space.Compact>
  );
}

export default function AreaPage() {
  const { t } = useTranslation();
  const handle = useRef<CrudHandle | null>(null);
  const columns: CrudColumn[] = [
    { prop: 'keyword', label: 'area.keyword', search: true, hide: true, display: false },
    { prop: 'fullName', label: 'area.fullName', required: 'area.nameRequired' },
    {
      prop: 'enCode',
      label: 'area.enCode',
      required: 'area.codeRequired',
      tip: 'area.codeTip',
      component: ({ disabled }) => <CodeField disabled={disabled} />,
    },
    { prop: 'type', label: 'area.type', type: 'select', options: TYPES, defaultValue: 3 },
    { prop: 'quickQuery', label: 'area.quickQuery', hide: true },
    { prop: 'parentId', label: 'area.parentId', display: false, hide: true },
    { prop: 'sortCode', label: 'crud.sort', type: 'number', min: 0, defaultValue: 0 },
    enabledColumn(areaApi.state, () => handle.current?.reload()),
    { prop: 'description', label: 'crud.remark', type: 'textarea', hide: true },
  ];
  return (
    <CrudPage
      api={api}
      columns={columns}
      title="area.title"
      permission="area"
      paged={false}
      handleRef={handle}
      lazy={async (row) => (await areaApi.list(String(row.id)))?.list ?? []}
      beforeSubmit={(v, mode, row) => ({
        ...v,
        parentId: mode === 'add' ? ((v as Row).parentId ?? '0') : row?.parentId,
      })}
      defaults={{ parentId: '0' }}
      actionWidth={330}
      rowActions={(row, h) => (
        <RowButton icon={<PlusOutlined />} onClick={() => h.open('add', { parentId: row.id })}>
          {t('area.addChild')}
        </RowButton>
      )}
    />
  );
}
