/**
 * 数据接口 (`/api/system/DataInterface`): read-only SQL queries on a connection (with `@name` parameters, a row
 * limit and a timeout) or static data, which popup selects, related fields and reports read. Search by keyword and
 * category, paging; add and edit (`InterfaceDialog`); enable or disable from the list; 调用 (try it with
 * parameters, see the answer); 日志 (the call log); 导出 (the definition as JSON); delete after the confirmation.
 */
import { DownloadOutlined, EditOutlined, HistoryOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { http } from '../../../api/http';
import { dataInterfaceApi } from '../../../api/lowcode';
import { type CrudHandle, CrudPage, REMOVE_ONLY_LIST, RowButton } from '../../../components/crud';
import { saveBlob } from '../../../lib/download';
import { usePermission } from '../../../stores/session';
import { InterfaceDialog } from './InterfaceDialog';
import { InterfaceLogDrawer } from './InterfaceLogDrawer';
import { interfaceColumns } from './interfaceColumns';
import { useSources } from './SourceSelect';
import { TryInterfaceDialog } from './TryInterfaceDialog';

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

  return (
    <>
      <CrudPage
        api={dataInterfaceApi}
        columns={interfaceColumns({ t, sources, canEdit, reload })}
        title="lowcode.di.title"
        permission="data_interface"
        testId="data-interface-page"
        handleRef={handle}
        {...REMOVE_ONLY_LIST}
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
              <RowButton icon={<EditOutlined />} onClick={() => setEditing(row)}>
                {t('crud.edit')}
              </RowButton>
            )}
            <RowButton icon={<PlayCircleOutlined />} onClick={() => setTrying(row)}>
              {t('lowcode.di.run')}
            </RowButton>
            <RowButton icon={<HistoryOutlined />} onClick={() => setLogOf(row)}>
              {t('lowcode.di.log')}
            </RowButton>
            <RowButton icon={<DownloadOutlined />} onClick={() => void exportOne(row)}>
              {t('lowcode.di.export')}
            </RowButton>
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
