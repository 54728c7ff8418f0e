/**
 * The columns of the data-service screens, one schema each (the list, the search bar and the dialog's fields):
 * 在线用户 (OnlineUserPage), 单据规则 (BillRulePage), 常用字段 (CommonFieldsPage) and 区域管理 (AreaPage).
 */
import { Input, Space, Tag } from 'antd';
import { areaApi, billRuleApi } from '../../api/jnpf';
import type { CrudColumn } from '../../components/crud';
import { BillRuleSelect } from '../../components/widgets';
import { enabledColumn } from './common';

export const onlineUserColumns: CrudColumn[] = [
  { prop: 'keyword', label: 'online.keyword', search: true, hide: true, display: false },
  {
    prop: 'userName',
    label: 'online.userName',
    render: (v, r) =>
      r.current ? (
        <>
          {v} <Tag color="blue">●</Tag>
        </>
      ) : (
        v
      ),
  },
  { prop: 'account', label: 'online.account' },
  { prop: 'loginIPAddress', label: 'online.ip' },
  { prop: 'clientId', label: 'online.clientId' },
  { prop: 'loginTime', label: 'online.loginTime' },
  { prop: 'lastSeen', label: 'online.lastSeen' },
  { prop: 'loginPlatForm', label: 'online.platform', ellipsis: true },
];

const FORMATS = ['no', 'YYYY', 'YYYYMM', 'YYYYMMDD', 'YYYYMMDDHH', 'YYYYMMDDHHmm', 'YYYYMMDDHHmmss'].map((v) => ({
  label: v === 'no' ? 'billRule.noDate' : v,
  value: v,
}));

/** 单据规则's columns; `reload` reloads the list once a rule's switch has been toggled. */
export const billRuleColumns = (reload: () => void): CrudColumn[] => [
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
  enabledColumn(billRuleApi.state, reload),
  { prop: 'description', label: 'billRule.description', type: 'textarea', hide: true },
];

const FIELD_TYPES = ['varchar', 'text', 'int', 'bigint', 'decimal', 'datetime', 'date', 'boolean'].map((v) => ({
  label: v,
  value: v,
}));

/** 常用字段's columns. */
export const commonFieldsColumns: CrudColumn[] = [
  { prop: 'keyword', label: 'cfield.keyword', search: true, hide: true, display: false },
  { prop: 'fieldName', label: 'cfield.fieldName', required: 'cfield.fieldNameRequired' },
  { prop: 'field', label: 'cfield.field', required: 'cfield.fieldRequired' },
  {
    prop: 'dataType',
    label: 'cfield.dataType',
    type: 'select',
    options: FIELD_TYPES,
    required: 'cfield.dataTypeRequired',
    defaultValue: 'varchar',
  },
  { prop: 'dataLength', label: 'cfield.dataLength', tip: 'cfield.lengthTip' },
  { prop: 'allowNull', label: 'cfield.allowNull', type: 'switch', defaultValue: 1 },
  { prop: 'sortCode', label: 'crud.sort', type: 'number', min: 0, defaultValue: 0 },
  { ...enabledColumn() },
  { prop: 'description', label: 'crud.remark', type: 'textarea', hide: true },
];

const AREA_TYPES = [
  { label: 'area.city', value: 1 },
  { label: 'area.district', value: 2 },
  { label: 'area.dma', value: 3 },
  { label: 'area.estate', value: 4 },
];

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

/** 区域管理's columns; `reload` reloads the tree once an area's switch has been toggled. */
export const areaColumns = (reload: () => void): CrudColumn[] => [
  { prop: 'keyword', label: 'area.keyword', search: true, hide: true, display: false },
  { prop: 'fullName', label: 'area.fullName', required: 'area.nameRequired' },
  {
    prop: 'enCode',
    label: 'area.enCode',
    required: 'area.codeRequired',
    tip: 'area.codeTip',
    component: ({ disabled }) => <CodeField disabled={disabled} />,
  },
  { prop: 'type', label: 'area.type', type: 'select', options: AREA_TYPES, defaultValue: 3 },
  { prop: 'quickQuery', label: 'area.quickQuery', hide: true },
  { prop: 'parentId', label: 'area.parentId', display: false, hide: true },
  { prop: 'sortCode', label: 'crud.sort', type: 'number', min: 0, defaultValue: 0 },
  enabledColumn(areaApi.state, reload),
  { prop: 'description', label: 'crud.remark', type: 'textarea', hide: true },
];
