/**
 * 功能设计 (online modules, `/api/visualdev/Base`): list, create, copy, edit, delete, publish to a menu (the
 * module then opens from the menu at `/dynamic?id=`), unpublish, preview, code preview and download.
 */
import { CopyOutlined, EditOutlined, EyeOutlined, PlusOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import type { LcModule } from '@swp/contract';
import { App, Button, Form, Modal, Tag, TreeSelect } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http } from '../../../api/http';
import { visualDevApi } from '../../../api/lowcode';
import { CodePreviewDialog } from '../../../components/CodePreviewDialog';
import { type CrudColumn, type CrudHandle, CrudPage } from '../../../components/crud';
import { toTreeOptions } from '../../../components/widgets/treeUtils';
import { usePermission, useSession } from '../../../stores/session';
import { ModuleEditor } from './ModuleEditor';

const PERMISSION = 'lowcode_design';

function ReleaseDialog({ module, onClose }: { module?: LcModule; onClose(done: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [menus, setMenus] = useState<any[]>([]);
  const [saving, setSaving] = useState(false);
  const loadMenus = async () => {
    const tree = await http.get<any[]>('/api/blade-system/menu/tree', undefined, { silent: true }).catch(() => []);
    setMenus(toTreeOptions(tree ?? []));
  };
  return (
    <Modal
      open={!!module}
      title={t('lowcode.module.releaseTitle', { name: module?.fullName ?? '' })}
      onCancel={() => onClose(false)}
      afterOpenChange={(o) => o && loadMenus()}
      destroyOnHidden
      confirmLoading={saving}
      onOk={async () => {
        const v = form.getFieldsValue();
        setSaving(true);
        try {
          await visualDevApi.release(module!.id, { menuParentId: v.menuParentId || undefined });
          message.success(t('lowcode.module.released'));
          // the new entry shows in the menu at once
          await useSession.getState().loadSessionMenus?.();
          onClose(true);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="menuParentId" label={t('lowcode.module.parentMenu')} extra={t('lowcode.module.parentMenuTip')}>
          <TreeSelect
            allowClear
            treeData={menus}
            treeDefaultExpandAll={false}
            showSearch
            treeNodeFilterProp="title"
            placeholder={t('lowcode.module.defaultParent')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function ModulePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const handle = useRef<CrudHandle<LcModule> | null>(null);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [releasing, setReleasing] = useState<LcModule | undefined>();
  const [code, setCode] = useState<LcModule | undefined>();
  const canAdd = usePermission(`${PERMISSION}_add`);
  const canEdit = usePermission(`${PERMISSION}_edit`);
  const canRelease = usePermission(`${PERMISSION}_release`);
  const columns: CrudColumn<LcModule>[] = [
    { prop: 'keyword', label: 'lowcode.module.keyword', search: true, hide: true, display: false },
    { prop: 'fullName', label: 'lowcode.module.fullName', width: 200 },
    { prop: 'enCode', label: 'lowcode.module.enCode', width: 160 },
    { prop: 'category', label: 'lowcode.module.category', width: 120 },
    {
      prop: 'state',
      label: 'lowcode.module.state',
      width: 100,
      render: (v) =>
        Number(v) === 1 ? (
          <Tag color="green">{t('lowcode.module.published')}</Tag>
        ) : (
          <Tag>{t('lowcode.module.draft')}</Tag>
        ),
    },
    { prop: 'sortCode', label: 'lowcode.module.sortCode', width: 80 },
    { prop: 'lastModifyTime', label: 'lowcode.module.modified', width: 170, render: (v, r) => v ?? r.creatorTime },
  ];
  return (
    <>
      <CrudPage<LcModule>
        api={visualDevApi}
        columns={columns}
        title="lowcode.module.title"
        permission={PERMISSION}
        addBtn={false}
        editBtn={false}
        viewBtn={false}
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
          <>
            {canEdit && (
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ id: row.id })}>
                {t('lowcode.module.design')}
              </Button>
            )}
            {canAdd && (
              <Button
                type="link"
                size="small"
                icon={<CopyOutlined />}
                onClick={async () => {
                  await visualDevApi.copy(row.id);
                  message.success(t('lowcode.module.copied'));
                  handle.current?.reload();
                }}
              >
                {t('lowcode.module.copy')}
              </Button>
            )}
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              onClick={() => navigate(`/previewModel/index?id=${encodeURIComponent(row.id)}`)}
            >
              {t('lowcode.module.preview')}
            </Button>
            <Button type="link" size="small" onClick={() => setCode(row)}>
              {t('lowcode.module.code')}
            </Button>
            {canRelease &&
              (Number(row.state) === 1 ? (
                <Button
                  type="link"
                  size="small"
                  icon={<StopOutlined />}
                  onClick={() =>
                    modal.confirm({
                      title: t('common.confirmTitle'),
                      content: t('lowcode.module.unreleaseConfirm'),
                      onOk: async () => {
                        await visualDevApi.unrelease(row.id);
                        message.success(t('lowcode.module.unreleased'));
                        await useSession.getState().loadSessionMenus?.();
                        handle.current?.reload();
                      },
                    })
                  }
                >
                  {t('lowcode.module.unrelease')}
                </Button>
              ) : (
                <Button type="link" size="small" icon={<SendOutlined />} onClick={() => setReleasing(row)}>
                  {t('lowcode.module.release')}
                </Button>
              ))}
          </>
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
