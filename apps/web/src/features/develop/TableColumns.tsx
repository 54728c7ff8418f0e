/** The columns of one table of a data source (`datasource-table/{id}/table/{name}`: name, type, key, null, comment). */
import { CheckOutlined, KeyOutlined } from '@ant-design/icons';
import { Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { bladeDatasourceApi } from '../../api/lowcode';
import { useLoad } from '../../lib/useLoad';

export function TableColumns({ id, table }: { id: string; table: string }) {
  const { t } = useTranslation();
  const { data, loading } = useLoad(() => bladeDatasourceApi.table(id, table), `${id}/${table}`);
  const columns: Row[] = Array.isArray(data?.columns) ? data.columns : [];
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('develop.ds.columnsOf', { name: table })}
        {data?.comment ? <Typography.Text type="secondary"> {data.comment}</Typography.Text> : null}
      </Typography.Title>
      <Table<Row>
        data-testid="develop-columns"
        size="small"
        bordered
        rowKey="name"
        loading={loading}
        dataSource={columns}
        pagination={false}
        scroll={{ x: 'max-content', y: 560 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('develop.ds.noColumns')} /> }}
        columns={[
          { title: '#', key: 'i', width: 50, render: (_v, _r, i) => i + 1 },
          { title: t('develop.ds.column'), dataIndex: 'name' },
          { title: t('develop.ds.type'), dataIndex: 'type' },
          {
            title: t('develop.ds.primaryKey'),
            dataIndex: 'primaryKey',
            align: 'center',
            render: (v) => (v ? <Tag color="gold" icon={<KeyOutlined />} /> : null),
          },
          {
            title: t('develop.ds.nullable'),
            dataIndex: 'nullable',
            align: 'center',
            render: (v) => (v ? <CheckOutlined /> : null),
          },
          { title: t('develop.ds.comment'), dataIndex: 'comment' },
        ]}
      />
    </>
  );
}
