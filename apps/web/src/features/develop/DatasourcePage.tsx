/**
 * 数据源管理 (`/api/blade-develop/datasource`, like Saber's tool/datasource): the databases code generation reads.
 * Search by name, paging; add and edit by name, driver class (`selectDbType`), JDBC url, user name, password (never
 * shown back; left empty it stays) and remark; 测试连接 in the dialog and on each row; the 数据表 drawer (a source's
 * tables and a table's columns); delete after the confirmation.
 */
import { bladeDatasourceApi } from '../../api/lowcode';
import { DataSourceScreen } from '../../components/datasource/DataSourceScreen';
import { datasourceColumns } from './columns';
import { datasourceBody, testBody } from './datasources';
import { TablesDrawer } from './TablesDrawer';

/** The fields the dialog's 测试连接 checks before it sends them. */
const TEST_FIELDS = ['driverClass', 'url', 'username'];

export default function DatasourcePage() {
  return (
    <DataSourceScreen
      api={bladeDatasourceApi}
      columns={datasourceColumns}
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
