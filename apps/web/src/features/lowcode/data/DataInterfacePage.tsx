/**
 * 数据接口 (`/api/system/DataInterface`): read-only SQL queries on a connection (with `@name` parameters, a row
 * limit and a timeout) or static data, which popup selects, related fields and reports read. Search by keyword and
 * category, paging; add and edit (`InterfaceDialog`); enable or disable from the list; 调用 (try it with
 * parameters, see the answer); 日志 (the call log); 导出 (the definition as JSON); delete after the confirmation.
 */
import { DownloadOutlined, EditOutlined, HistoryOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Switch, Tag } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { http } from '../../../api/http';
import { dataInterfaceApi } from '../../../api/lowcode';
import { type CrudColumn, type CrudHandle, CrudPage } from '../../../components/crud';
import { saveBlob } from '../../../lib/download';
import { usePermission } from '../../../stores/session';
import { InterfaceDialog } from './InterfaceDialog';
import { InterfaceLogDrawer } from './InterfaceLogDrawer';
import { STATIC } from './interfaces';
import { useSources } from './SourceSelect';
import { TryInterfaceDialog } from './TryInterfaceDialog';

function StateSwitch({ row, onChanged }: { row: Row; onChanged(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const on = Number(row.enabledMark) === 1;
  return (
    <Switch
      size="small"
      checked={on}
      loading={busy}
      aria-label={t('lowcode.di.state')}
      onClick={async (_c, e) => {
        e.stopPropagation();
        setBusy(true);
        try {
          await dataInterfaceApi.state(String(row.id));
          message.success(t(on ? 'lowcode.di.disabledNow' : 'lowcode.di.enabledNow'));
          onChanged();
        } catch {
          // the HTTP client has shown why
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

export default function DataInterfacePage() {
  const { t } = useTranslation();
  const { sources } = useSources();
  const handle = useRef<CrudHandle | null>(null);
  const [editing, setEditing] = useState<Row>();
  const [trying, setTrying] = useState<Row | null>(null);
  const [logOf, setLogOf] = useState<Row | null>(null);
  const canAdd = usePermission('data_interface_add');
  const canEdit = usePermission('data_interface_edit');
  const close = useCallback(() => setEditing(undefined), []);
  const reload = () => handle.current?.reload();

  const exportOne = async (row: Row) => {
    try {
      const f = await http.blob('GET', dataInterfaceApi.exportUrl(String(row.id)), {}, `${row.fullName}.json`);
      saveBlob(f.blob, f.fileName);
    } catch {
      // the HTTP client has shown why
    }
  };

  const sourceName = (id: unknown) => sources.find((s) => String(s.id) === String(id))?.fullName ?? id;
  const columns: CrudColumn[] = [
    { prop: 'keyword', label: 'lowcode.di.keyword', search: true, hide: true, display: false },
    { prop: 'fullName', label: 'lowcode.di.fullName' },
    { prop: 'enCode', label: 'lowcode.di.enCode' },
    { prop: 'category', label: 'lowcode.di.category', search: true },
    {
      prop: 'dataType',
      label: 'lowcode.di.dataType',
      render: (v) =>
        Number(v) === STATIC ? (
          <Tag color="purple">{t('lowcode.di.static')}</Tag>
        ) : (
          <Tag color="blue">{t('lowcode.di.sql')}</Tag>
        ),
    },
    {
      prop: 'dbLinkId',
      label: 'lowcode.di.dbLink',
      render: (v, r) => (Number(r.dataType) === STATIC ? '' : sourceName(v)),
    },
    {
      prop: 'enabledMark',
      label: 'lowcode.di.state',
      render: (_v, r) =>
        canEdit ? (
          <StateSwitch row={r} onChanged={reload} />
        ) : (
          <Tag color={Number(r.enabledMark) === 1 ? 'green' : undefined}>
            {t(Number(r.enabledMark) === 1 ? 'lowcode.di.enabledNow' : 'lowcode.di.disabledNow')}
          </Tag>
        ),
    },
    { prop: 'lastModifyTime', label: 'lowcode.di.modified' },
  ];

  return (
    <>
      <CrudPage
        api={dataInterfaceApi}
        columns={columns}
        title="lowcode.di.title"
        permission="data_interface"
        testId="data-interface-page"
        handleRef={handle}
        addBtn={false}
        editBtn={false}
        viewBtn={false}
        actionWidth={420}
        toolbar={() =>
          canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('crud.add')}
            </Button>
          )
        }
        rowActions={(row) => (
          <>
            {canEdit && (
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)}>
                {t('crud.edit')}
              </Button>
            )}
            <Button type="link" size="small" icon={<PlayCircleOutlined />} onClick={() => setTrying(row)}>
              {t('lowcode.di.run')}
            </Button>
            <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setLogOf(row)}>
              {t('lowcode.di.log')}
            </Button>
            <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void exportOne(row)}>
              {t('lowcode.di.export')}
            </Button>
          </>
        )}
      />
      {editing && (
        <InterfaceDialog
          row={editing}
          sources={sources}
          onClose={close}
          onSaved={() => {
            close();
            reload();
          }}
        />
      )}
      <TryInterfaceDialog row={trying} onClose={() => setTrying(null)} />
      <InterfaceLogDrawer row={logOf} onClose={() => setLogOf(null)} />
    </>
  );
}
