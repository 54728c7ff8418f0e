/**
 * 功能设计 (online modules, `/api/visualdev/Base`): list, create, copy, edit, delete, publish to a menu (the
 * module then opens from the menu at `/dynamic?id=`), unpublish, preview, code preview and download.
 */
import { PlusOutlined } from '@ant-design/icons';
import type { LcModule } from '@swp/contract';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visualDevApi } from '../../../api/lowcode';
import { CodePreviewDialog } from '../../../components/CodePreviewDialog';
import { type CrudHandle, CrudPage, REMOVE_ONLY_LIST } from '../../../components/crud';
import { usePermission } from '../../../stores/session';
import { ModuleEditor } from './ModuleEditor';
import { ModuleRowActions } from './ModuleRowActions';
import { moduleColumns } from './moduleColumns';
import { ReleaseDialog } from './ReleaseDialog';

const PERMISSION = 'lowcode_design';

export default function ModulePage() {
  const { t } = useTranslation();
  const handle = useRef<CrudHandle<LcModule> | null>(null);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [releasing, setReleasing] = useState<LcModule | undefined>();
  const [code, setCode] = useState<LcModule | undefined>();
  const canAdd = usePermission(`${PERMISSION}_add`);
  const canEdit = usePermission(`${PERMISSION}_edit`);
  const canRelease = usePermission(`${PERMISSION}_release`);
  return (
    <>
      <CrudPage<LcModule>
        api={visualDevApi}
        columns={moduleColumns}
        title="lowcode.module.title"
        permission={PERMISSION}
        {...REMOVE_ONLY_LIST}
        actionWidth={420}
        testId="module-page"
        toolbar={() =>
          canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('lowcode.module.add')}
            </Button>
          )
        }
        rowActions={(row) => (
          <ModuleRowActions
            row={row}
            can={{ add: canAdd, edit: canEdit, release: canRelease }}
            onEdit={() => setEditing({ id: row.id })}
            onCode={() => setCode(row)}
            onRelease={() => setReleasing(row)}
            reload={() => handle.current?.reload()}
          />
        )}
        handleRef={handle}
      />
      <ModuleEditor
        open={!!editing}
        id={editing?.id}
        onClose={(saved) => {
          setEditing(null);
          if (saved) handle.current?.reload();
        }}
      />
      <ReleaseDialog
        module={releasing}
        onClose={(done) => {
          setReleasing(undefined);
          if (done) handle.current?.reload();
        }}
      />
      <CodePreviewDialog
        source={code ? { kind: 'module', id: code.id, name: code.fullName } : undefined}
        onClose={() => setCode(undefined)}
      />
    </>
  );
}
