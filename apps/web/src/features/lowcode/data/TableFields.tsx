/** The columns of a table of a connection (`DataModel/{id}/Tables/{name}/Fields`). */
import { CheckOutlined, KeyOutlined } from '@ant-design/icons';
import { Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { dataModelApi } from '../../../api/lowcode';
import { useLoad } from '../../../lib/useLoad';
import { rowsIn } from './rows';

export function TableFields({ dbLinkId, table }: { dbLinkId: string; table: string }) {
  const { t } = useTranslation();
  const { data, loading } = useLoad(
    async () => rowsIn(await dataModelApi.fields(dbLinkId, table)),
    `${dbLinkId}/${table}`,
  );
  return (
    <Table<Row>
      data-testid="ds-fields"
      size="small"
      bordered
      rowKey="field"
      loading={loading}
      dataSource={data ?? []}
      pagination={false}
      scroll={{ x: 'max-content', y: 520 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lowcode.ds.noFields')} /> }}
      columns={[
        { title: '#', key: 'i', width: 50, render: (_v, _r, i) => i + 1 },
        { title: t('lowcode.ds.column'), dataIndex: 'field' },
        { title: t('lowcode.ds.type'), dataIndex: 'dataType' },
        {
          title: t('lowcode.ds.primaryKey'),
          dataIndex: 'primaryKey',
          align: 'center',
          render: (v) => (Number(v) === 1 ? <Tag color="gold" icon={<KeyOutlined />} /> : null),
        },
        {
          title: t('lowcode.ds.nullable'),
          dataIndex: 'allowNull',
          align: 'center',
          render: (v) => (Number(v) === 1 ? <CheckOutlined /> : null),
        },
        { title: t('lowcode.ds.comment'), dataIndex: 'fieldName' },
      ]}
    />
  );
}
