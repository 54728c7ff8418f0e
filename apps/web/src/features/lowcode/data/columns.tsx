/**
 * The columns of 数据连接 (DataSourcePage) and 报表管理 (ReportPage): the list, the search bar and the dialog's
 * fields in one schema each.
 */
import { Select, Tag } from 'antd';
import { dataInterfaceApi } from '../../../api/lowcode';
import { type CrudColumn, remarkColumn } from '../../../components/crud';
import { DB_TYPES, DEFAULT_DB_TYPE, defaultPort } from '../../../lib/dataSources';
import { rowsIn } from './rows';
import { ClearPasswordBox, DbTypeSelect, PasswordField, StatusTag } from './SourceFields';

const dbTypeOptions = DB_TYPES.map((d) => ({ value: d.value, label: d.label }));

export const dataSourceColumns: CrudColumn[] = [
  { prop: 'keyword', label: 'lowcode.ds.keyword', search: true, hide: true, display: false },
  {
    prop: 'fullName',
    label: 'lowcode.ds.fullName',
    required: 'lowcode.ds.fullNameRequired',
    rules: [{ max: 100, message: 'lowcode.ds.fullNameMax' }],
  },
  {
    prop: 'dbType',
    label: 'lowcode.ds.dbType',
    type: 'select',
    options: dbTypeOptions,
    search: true,
    defaultValue: DEFAULT_DB_TYPE,
    required: 'lowcode.ds.dbTypeRequired',
    component: ({ form, disabled }) => <DbTypeSelect form={form} disabled={disabled} />,
    span: 12,
    render: (v) => <Tag color={v === 'MySQL' ? 'orange' : 'blue'}>{v}</Tag>,
  },
  { prop: 'host', label: 'lowcode.ds.host', required: 'lowcode.ds.hostRequired' },
  {
    prop: 'port',
    label: 'lowcode.ds.port',
    type: 'number',
    min: 1,
    max: 65535,
    precision: 0,
    defaultValue: defaultPort(DEFAULT_DB_TYPE),
    required: 'lowcode.ds.portRequired',
    width: 80,
  },
  { prop: 'dbName', label: 'lowcode.ds.database', required: 'lowcode.ds.databaseRequired' },
  { prop: 'dbSchema', label: 'lowcode.ds.schema', tip: 'lowcode.ds.schemaTip', hide: true },
  { prop: 'userName', label: 'lowcode.ds.userName', required: 'lowcode.ds.userNameRequired' },
  {
    prop: 'password',
    label: 'lowcode.ds.password',
    hide: true,
    viewDisplay: false,
    tip: 'lowcode.ds.passwordTip',
    span: 12,
    component: ({ form, row, disabled }) => <PasswordField form={form} row={row} disabled={disabled} />,
  },
  {
    prop: 'clearPassword',
    label: 'lowcode.ds.clearPassword',
    hide: true,
    addDisplay: false,
    viewDisplay: false,
    span: 24,
    component: ({ row, disabled }) => <ClearPasswordBox row={row} disabled={disabled} />,
  },
  {
    prop: 'enabledMark',
    label: 'lowcode.ds.status',
    type: 'switch',
    defaultValue: 1,
    render: (v) => <StatusTag on={Number(v) === 1} />,
  },
  { prop: 'sortCode', label: 'lowcode.ds.sortCode', type: 'number', min: 0, defaultValue: 0, hide: true },
  { prop: 'description', label: 'lowcode.ds.description', type: 'textarea', hide: true },
  { prop: 'lastModifyTime', label: 'lowcode.ds.modified', display: false },
];

const interfaceOptions = async () =>
  rowsIn(await dataInterfaceApi.choices()).map((r) => ({
    label: `${r.fullName} (${r.enCode})`,
    value: String(r.id),
  }));

export const reportPageColumns: CrudColumn[] = [
  { prop: 'name', label: 'lowcode.report.name', search: true, required: 'lowcode.report.nameRequired' },
  {
    prop: 'interfaceId',
    label: 'lowcode.report.interface',
    type: 'select',
    options: interfaceOptions,
    tip: 'lowcode.report.interfaceTip',
  },
  { prop: 'title', label: 'lowcode.report.reportTitle', hide: true, tip: 'lowcode.report.reportTitleTip' },
  {
    prop: 'columns',
    label: 'lowcode.report.columns',
    hide: true,
    span: 12,
    tip: 'lowcode.report.columnsTip',
    component: ({ disabled }) => <Select mode="tags" disabled={disabled} tokenSeparators={[',', ' ']} open={false} />,
  },
  remarkColumn('lowcode.report.remark'),
  { prop: 'updateTime', label: 'lowcode.report.modified', display: false },
];
