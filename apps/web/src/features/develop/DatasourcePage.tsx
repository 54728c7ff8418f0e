/**
 * 数据源管理 (`/api/blade-develop/datasource`, like Saber's tool/datasource): the databases code generation reads.
 * Search by name, paging; add and edit by name, driver class (`selectDbType`), JDBC url, user name, password (never
 * shown back; left empty it stays) and remark; 测试连接 in the dialog and on each row; the 数据表 drawer (a source's
 * tables and a table's columns); delete after the confirmation.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bladeDatasourceApi } from '../../api/lowcode';
import { type CrudColumn, remarkColumn } from '../../components/crud';
import { DataSourceScreen } from '../../components/datasource/DataSourceScreen';
import { DriverSelect, loadDrivers, PasswordInput, StatusTag, UrlInput } from './DatasourceFields';
import { DEFAULT_DRIVER, datasourceBody, testBody, urlSuitsDriver } from './datasources';
import { TablesDrawer } from './TablesDrawer';

/** The fields the dialog's 测试连接 checks before it sends them. */
const TEST_FIELDS = ['driverClass', 'url', 'username'];

export function datasourceColumns(t: (key: string) => string): CrudColumn[] {
  return [
    {
      prop: 'name',
      label: 'develop.ds.name',
      search: true,
      required: 'develop.ds.nameRequired',
      rules: [{ max: 100, message: 'develop.ds.nameMax' }],
      width: 180,
    },
    {
      prop: 'driverClass',
      label: 'develop.ds.driverClass',
      type: 'select',
      options: loadDrivers,
      defaultValue: DEFAULT_DRIVER,
      required: 'develop.ds.driverClassRequired',
      span: 24,
      component: ({ form, disabled }) => <DriverSelect form={form} disabled={disabled} />,
    },
    {
      prop: 'url',
      label: 'develop.ds.url',
      required: 'develop.ds.urlRequired',
      tip: 'develop.ds.urlTip',
      rules: [
        ({ getFieldValue }) => ({
          validator: (_r, url) =>
            urlSuitsDriver(url, getFieldValue('driverClass'))
              ? Promise.resolve()
              : Promise.reject(new Error(t('develop.ds.urlDriver'))),
        }),
      ],
      span: 24,
      component: ({ form, disabled }) => <UrlInput form={form} disabled={disabled} />,
    },
    { prop: 'username', label: 'develop.ds.username', required: 'develop.ds.usernameRequired' },
    {
      prop: 'password',
      label: 'develop.ds.password',
      hide: true,
      viewDisplay: false,
      tip: 'develop.ds.passwordTip',
      span: 12,
      component: ({ row, disabled }) => <PasswordInput row={row} disabled={disabled} />,
    },
    {
      prop: 'status',
      label: 'develop.ds.status',
      display: false,
      width: 80,
      render: (v) => <StatusTag on={Number(v) === 1} />,
    },
    remarkColumn('develop.ds.remark', { ellipsis: true, width: 200 }),
  ];
}

export default function DatasourcePage() {
  const { t } = useTranslation();
  const columns = useMemo(() => datasourceColumns(t), [t]);
  return (
    <DataSourceScreen
      api={bladeDatasourceApi}
      columns={columns}
      title="develop.ds.title"
      permission="develop_datasource"
      testId="develop-datasource-page"
      beforeSubmit={(values, _mode, row) => datasourceBody(values, row)}
      test={(body) => bladeDatasourceApi.test(body)}
      testFields={TEST_FIELDS}
      testBody={testBody}
      TablesDrawer={TablesDrawer}
    />
  );
}
