/** The columns of 数据源管理 and 代码生成 (list, search bar and dialog, with the dialog's own field controls). */
import { type CrudColumn, remarkColumn } from '../../components/crud';
import { SourceSelect, sourceOptions, TableSelect } from './CodeFields';
import { CODE_NAME, CODE_NAME_MAX } from './codes';
import { DriverSelect, loadDrivers, PasswordInput, StatusTag, UrlInput } from './DatasourceFields';
import { DEFAULT_DRIVER, urlSuitsDriver } from './datasources';

/** 数据源管理 */
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

/** 代码生成 */
export function codeColumns(t: (key: string) => string): CrudColumn[] {
  return [
    {
      prop: 'codeName',
      label: 'develop.code.codeName',
      search: true,
      required: 'develop.code.codeNameRequired',
      rules: [
        { max: CODE_NAME_MAX, message: 'develop.code.codeNameMax' },
        { pattern: CODE_NAME, message: 'develop.code.codeNamePattern' },
      ],
      tip: 'develop.code.codeNameTip',
      width: 180,
    },
    {
      prop: 'serviceName',
      label: 'develop.code.serviceName',
      search: true,
      required: 'develop.code.serviceNameRequired',
      rules: [{ max: 64, message: 'develop.code.serviceNameMax' }],
      tip: 'develop.code.serviceNameTip',
      width: 180,
    },
    {
      prop: 'datasourceId',
      label: 'develop.code.datasource',
      type: 'select',
      options: sourceOptions,
      required: 'develop.code.datasourceRequired',
      span: 12,
      component: ({ form, disabled }) => <SourceSelect form={form} disabled={disabled} />,
      width: 160,
    },
    {
      prop: 'tableName',
      label: 'develop.code.tableName',
      search: true,
      required: 'develop.code.tableNameRequired',
      span: 12,
      component: ({ form, disabled }) => <TableSelect form={form} disabled={disabled} />,
      render: (v, r) => v || (r.moduleId ? t('develop.code.fromModule') : ''),
      width: 200,
    },
    { prop: 'tablePrefix', label: 'develop.code.tablePrefix', tip: 'develop.code.tablePrefixTip', width: 110 },
    remarkColumn('develop.code.remark', { hide: true }),
  ];
}
