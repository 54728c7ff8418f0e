/**
 * The columns of one table of a data source: #, name, type, primary key (a key tag), nullable (a tick), comment.
 * Shared by 数据源管理 and 数据连接: each maps its server's fields to `TableColumn` and names the headers in its own
 * words.
 */
import { CheckOutlined, KeyOutlined } from '@ant-design/icons';
import { Table, Tag } from 'antd';
import { emptyLocale } from '../crud/emptyLocale';

export interface TableColumn {
  name: string;
  type: string;
  primaryKey: boolean;
  nullable: boolean;
  comment: string;
}

export interface ColumnsTableProps {
  testId: string;
  rows: TableColumn[];
  loading: boolean;
  /** the height the rows scroll in */
  scrollY: number;
  emptyText: string;
  titles: Record<Exclude<keyof TableColumn, 'name'> | 'column', string>;
}

export function ColumnsTable({ testId, rows, loading, scrollY, emptyText, titles }: ColumnsTableProps) {
  return (
    <Table<TableColumn>
      data-testid={testId}
      size="small"
      bordered
      rowKey="name"
      loading={loading}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content', y: scrollY }}
      locale={emptyLocale(emptyText)}
      columns={[
        { title: '#', key: 'i', width: 50, render: (_v, _r, i) => i + 1 },
        { title: titles.column, dataIndex: 'name' },
        { title: titles.type, dataIndex: 'type' },
        {
          title: titles.primaryKey,
          dataIndex: 'primaryKey',
          align: 'center',
          render: (v) => (v ? <Tag color="gold" icon={<KeyOutlined />} /> : null),
        },
        {
          title: titles.nullable,
          dataIndex: 'nullable',
          align: 'center',
          render: (v) => (v ? <CheckOutlined /> : null),
        },
        { title: titles.comment, dataIndex: 'comment' },
      ]}
    />
  );
}
