/**
 * 数据建模 (`/api/system/DataModel/{id}`): choose a connection and browse its tables, a table's columns and a
 * preview of its rows (the same browser as the 数据表 drawer of 数据连接); 新建表 creates a table in it and 删除表
 * drops the chosen one after a confirmation (neither in the console's own database, whose tables come from its
 * migrations).
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Spin, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataModelApi } from '../../../api/lowcode';
import { useConfirmAction } from '../../../components/crud/useConfirmAction';
import { usePermission } from '../../../stores/session';
import { CreateTableDialog } from './CreateTableDialog';
import { OWN_DB, SourceSelect, useSources } from './SourceSelect';
import { TableBrowser } from './TableBrowser';

export default function DataModelPage() {
  const { t } = useTranslation();
  const { sources, loading } = useSources();
  const [picked, setPicked] = useState<string>();
  const [creating, setCreating] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const canAdd = usePermission('data_model_add');
  const canDrop = usePermission('data_model_delete');
  const confirm = useConfirmAction();
  // the first connection until one is picked
  const current = picked ?? (sources[0] ? String(sources[0].id) : undefined);
  const source = sources.find((s) => String(s.id) === current);

  const drop = (dbLinkId: string, table: string) =>
    confirm({
      content: t('lowcode.dm.dropConfirm', { name: table }),
      run: () => dataModelApi.dropTable(dbLinkId, table),
      done: t('lowcode.dm.dropped'),
      after: () => setReloadKey((k) => k + 1),
      danger: true,
    });

  if (loading) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (!sources.length) return <Empty data-testid="data-model-page" description={t('lowcode.dm.noSources')} />;
  return (
    <div data-testid="data-model-page">
      <Space style={{ marginBottom: 12 }} wrap>
        <span>{t('lowcode.dm.source')}</span>
        <SourceSelect
          aria-label={t('lowcode.dm.source')}
          sources={sources}
          value={current}
          onChange={setPicked}
          style={{ width: 320 }}
        />
        {canAdd && (
          <Tooltip title={current === OWN_DB ? t('lowcode.dm.ownDbNoCreate') : undefined}>
            <Button icon={<PlusOutlined />} disabled={!source || current === OWN_DB} onClick={() => setCreating(true)}>
              {t('lowcode.dm.newTable')}
            </Button>
          </Tooltip>
        )}
      </Space>
      {current && (
        <TableBrowser
          key={current}
          dbLinkId={current}
          reloadKey={reloadKey}
          onDrop={canDrop && current !== OWN_DB ? (table) => drop(current, table) : undefined}
        />
      )}
      {creating && source && (
        <CreateTableDialog
          source={source}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            setReloadKey((k) => k + 1);
          }}
        />
      )}
    </div>
  );
}
