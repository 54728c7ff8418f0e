/**
 * The tables of a data source as a small paged list to pick from: a click chooses a table and the chosen one is
 * highlighted. Shared by the tables drawers of 数据源管理 and 数据连接, which differ in their servers' field names
 * and in the columns they show.
 */
import { Table, type TableColumnsType } from 'antd';
import type { Row } from '../../api/crud';
import { emptyLocale } from '../crud/emptyLocale';

export interface TableListProps {
  testId: string;
  /** the field that holds a table's name */
  nameField: string;
  rows: Row[];
  loading: boolean;
  emptyText: string;
  chosen: string | undefined;
  onChoose(table: string): void;
  columns: TableColumnsType<Row>;
}

export function TableList({ testId, nameField, rows, loading, emptyText, chosen, onChoose, columns }: TableListProps) {
  return (
    <Table<Row>
      data-testid={testId}
      size="small"
      bordered
      rowKey={nameField}
      loading={loading}
      dataSource={rows}
      pagination={{ pageSize: 15, size: 'small', showSizeChanger: false, hideOnSinglePage: true }}
      locale={emptyLocale(emptyText)}
      onRow={(r) => ({
        onClick: () => onChoose(String(r[nameField])),
        style: { cursor: 'pointer' },
        className: r[nameField] === chosen ? 'crud-row-active' : undefined,
      })}
      columns={columns}
    />
  );
}
