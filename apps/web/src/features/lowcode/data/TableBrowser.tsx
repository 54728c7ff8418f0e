/**
 * The tables of a connection with a search box; a chosen table shows its columns and a preview of its rows. Used
 * by the 数据表 drawer of 数据连接 and by 数据建模.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataModelApi } from '../../../api/lowcode';
import { TableList } from '../../../components/datasource/TableList';
import { useLoad } from '../../../lib/useLoad';
import { rowsIn } from './rows';
import { TableFields } from './TableFields';
import { TablePreview } from './TablePreview';

export interface TableBrowserProps {
  dbLinkId: string;
  /** a change reloads the table list (e.g. after a table was created) */
  reloadKey?: number;
  /** when given, the chosen table offers a drop button that calls this (which asks first) */
  onDrop?: (table: string) => void;
}

export function TableBrowser({ dbLinkId, reloadKey = 0, onDrop }: TableBrowserProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<{ source: string; table: string } | undefined>();
  const [tab, setTab] = useState('fields');
  const { data, loading } = useLoad(
    async () => rowsIn(await dataModelApi.tables(dbLinkId, keyword ? { keyword } : undefined)),
    `${dbLinkId}/${keyword}/${reloadKey}`,
  );
  // a table that is gone from the reloaded list (dropped) is no longer shown
  const table =
    chosen?.source === dbLinkId && (!data || data.some((r) => r.table === chosen.table)) ? chosen.table : undefined;
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <div style={{ width: 360, flex: 'none' }}>
        <Input.Search
          placeholder={t('lowcode.ds.tableKeyword')}
          allowClear
          enterButton
          onSearch={(v) => setKeyword(v.trim())}
          style={{ marginBottom: 8 }}
        />
        <TableList
          testId="ds-tables"
          nameField="table"
          rows={data ?? []}
          loading={loading}
          emptyText={t('lowcode.ds.noTables')}
          chosen={table}
          onChoose={(name) => setChosen({ source: dbLinkId, table: name })}
          columns={[
            { title: t('lowcode.ds.table'), dataIndex: 'table', ellipsis: true },
            { title: t('lowcode.ds.comment'), dataIndex: 'tableName', ellipsis: true },
            { title: t('lowcode.ds.rows'), dataIndex: 'sum', width: 80, align: 'right' },
          ]}
        />
      </div>
      <div data-testid="ds-table-detail" style={{ flex: 1, minWidth: 0 }}>
        {table ? (
          <Tabs
            activeKey={tab}
            onChange={setTab}
            tabBarExtraContent={
              <Space>
                <strong>{table}</strong>
                {onDrop && (
                  <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onDrop(table)}>
                    {t('lowcode.dm.dropTable')}
                  </Button>
                )}
              </Space>
            }
            items={[
              {
                key: 'fields',
                label: t('lowcode.ds.fields'),
                children: <TableFields dbLinkId={dbLinkId} table={table} />,
              },
              {
                key: 'preview',
                label: t('lowcode.ds.preview'),
                children: tab === 'preview' ? <TablePreview dbLinkId={dbLinkId} table={table} /> : null,
              },
            ]}
          />
        ) : (
          <Empty description={t('lowcode.ds.chooseTable')} style={{ marginTop: 48 }} />
        )}
      </div>
    </div>
  );
}
