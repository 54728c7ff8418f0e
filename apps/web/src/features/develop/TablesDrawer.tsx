/** The 数据表 drawer of a data source: its tables (`datasource-table/{id}/tables`), filtered, and a chosen one's columns. */
import { Drawer, Empty, Input, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { bladeDatasourceApi } from '../../api/lowcode';
import { useLoad } from '../../lib/useLoad';
import { TableColumns } from './TableColumns';

function SourceTables({ id }: { id: string }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<string>();
  const { data, loading } = useLoad(() => bladeDatasourceApi.tables(id), id);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (data ?? []).filter(
      (r) =>
        !f ||
        String(r.name).toLowerCase().includes(f) ||
        String(r.comment ?? '')
          .toLowerCase()
          .includes(f),
    );
  }, [data, filter]);
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <div style={{ width: 400, flex: 'none' }}>
        <Input.Search
          placeholder={t('develop.ds.tableFilter')}
          allowClear
          onChange={(e) => setFilter(e.target.value)}
          style={{ marginBottom: 8 }}
        />
        <Table<Row>
          data-testid="develop-tables"
          size="small"
          bordered
          rowKey="name"
          loading={loading}
          dataSource={shown}
          pagination={{ pageSize: 15, size: 'small', showSizeChanger: false, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('develop.ds.noTables')} /> }}
          onRow={(r) => ({
            onClick: () => setChosen(String(r.name)),
            style: { cursor: 'pointer' },
            className: r.name === chosen ? 'crud-row-active' : undefined,
          })}
          columns={[
            { title: t('develop.ds.table'), dataIndex: 'name', ellipsis: true },
            { title: t('develop.ds.comment'), dataIndex: 'comment', ellipsis: true },
            { title: t('develop.ds.rows'), dataIndex: 'rows', width: 80, align: 'right' },
          ]}
        />
      </div>
      <div data-testid="develop-table-detail" style={{ flex: 1, minWidth: 0 }}>
        {chosen ? (
          <TableColumns id={id} table={chosen} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('develop.ds.pickTable')} />
        )}
      </div>
    </div>
  );
}

export function TablesDrawer({ source, onClose }: { source: Row | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={!!source}
      title={source ? t('develop.ds.tablesOf', { name: source.name }) : ''}
      size={1100}
      onClose={onClose}
      destroyOnHidden
    >
      {source && <SourceTables id={String(source.id)} />}
    </Drawer>
  );
}
