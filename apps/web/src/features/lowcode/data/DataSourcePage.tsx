/**
 * 数据连接 (`/api/system/DataSource`): the connections to other databases (PostgreSQL, MySQL/MariaDB) that data
 * interfaces, data sync and data modelling read. Search and paging, add and edit (the password is stored sealed and
 * never sent back: left empty it stays, 清除密码 drops it), 测试连接 in the dialog and on each row, the 数据表
 * drawer (tables, columns, a preview of rows), delete after the confirmation.
 */
import { Tag } from 'antd';
import type { Row } from '../../../api/crud';
import { dataSourceApi } from '../../../api/lowcode';
import type { CrudColumn } from '../../../components/crud';
import { DataSourceScreen } from '../../../components/datasource/DataSourceScreen';
import { connectionBody, DB_TYPES, DEFAULT_DB_TYPE, defaultPort, sourceBody } from '../../../lib/dataSources';
import { ClearPasswordBox, DbTypeSelect, PasswordField, StatusTag } from './SourceFields';
import { TablesDrawer } from './TablesDrawer';

/** The fields the dialog's 测试连接 checks before it sends them. */
const TEST_FIELDS = ['dbType', 'host', 'port', 'dbName', 'userName'];

const dbTypeOptions = DB_TYPES.map((d) => ({ value: d.value, label: d.label }));

const columns: CrudColumn[] = [
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

export const dataSources = {
  ...dataSourceApi,
  submit: (row: Row) => dataSourceApi.submit(sourceBody(row, row.id)),
};

export default function DataSourcePage() {
  return (
    <DataSourceScreen
      api={dataSources}
      columns={columns}
      title="lowcode.ds.title"
      permission="data_source"
      testId="data-source-page"
      test={(body) => dataSourceApi.test(body)}
      testFields={TEST_FIELDS}
      testBody={connectionBody}
      TablesDrawer={TablesDrawer}
    />
  );
}
