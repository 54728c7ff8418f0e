/** The 数据表 drawer of a data source: its tables (`datasource-table/{id}/tables`), filtered, and a chosen one's columns. */
import { Empty, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { bladeDatasourceApi } from '../../api/lowcode';
import { TableList } from '../../components/datasource/TableList';
import { RowDrawer } from '../../components/RowDrawer';
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
        <TableList
          testId="develop-tables"
          nameField="name"
          rows={shown}
          loading={loading}
          emptyText={t('develop.ds.noTables')}
          chosen={chosen}
          onChoose={setChosen}
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
    <RowDrawer row={source} title={(s) => t('develop.ds.tablesOf', { name: s.name })} size={1100} onClose={onClose}>
      {(s) => <SourceTables id={String(s.id)} />}
    </RowDrawer>
  );
}
