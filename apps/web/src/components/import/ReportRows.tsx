/**
 * The rows of a dry run's report that are read one by one (rejected rows, warnings): a small table, 8 rows a page.
 * Shared by RejectedRows and the network import's report, which show their rows alike.
 */
import { Table, type TableColumnsType } from 'antd';

export function ReportRows<R extends object>({
  rowKey,
  rows,
  testId,
  columns,
}: {
  rowKey: string | ((r: R) => string);
  rows: R[];
  testId?: string;
  columns: TableColumnsType<R>;
}) {
  return (
    <Table
      size="small"
      rowKey={rowKey}
      dataSource={rows}
      pagination={{ pageSize: 8 }}
      data-testid={testId}
      columns={columns}
    />
  );
}
