/**
 * 数据连接 (`/api/system/DataSource`): the connections to other databases (PostgreSQL, MySQL/MariaDB) that data
 * interfaces, data sync and data modelling read. Search and paging, add and edit (the password is stored sealed and
 * never sent back: left empty it stays, 清除密码 drops it), 测试连接 in the dialog and on each row, the 数据表
 * drawer (tables, columns, a preview of rows), delete after the confirmation.
 */
import type { Row } from '../../../api/crud';
import { dataSourceApi } from '../../../api/lowcode';
import { DataSourceScreen } from '../../../components/datasource/DataSourceScreen';
import { connectionBody, sourceBody } from '../../../lib/dataSources';
import { dataSourceColumns } from './columns';
import { TablesDrawer } from './TablesDrawer';

/** The fields the dialog's 测试连接 checks before it sends them. */
const TEST_FIELDS = ['dbType', 'host', 'port', 'dbName', 'userName'];

export const dataSources = {
  ...dataSourceApi,
  submit: (row: Row) => dataSourceApi.submit(sourceBody(row, row.id)),
};

export default function DataSourcePage() {
  return (
    <DataSourceScreen
      api={dataSources}
      columns={dataSourceColumns}
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
