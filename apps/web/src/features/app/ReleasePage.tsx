/** 版本说明: what each app version changed; the app shows the newest one once after an update. */
import { App as AntApp, Button, Card, Form, Modal, Popconfirm, Space, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../stores/session';
import { appAdminApi, type ReleaseNote } from './api';
import { ReleaseNoteForm } from './ReleaseNoteForm';

export default function ReleasePage() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [rows, setRows] = useState<ReleaseNote[]>([]);
  const [editing, setEditing] = useState<Partial<ReleaseNote> | null>(null);
  const [form] = Form.useForm();
  const canAdd = usePermission('app_release_add');
  const canEdit = usePermission('app_release_edit');
  const canDelete = usePermission('app_release_delete');

  const load = useCallback(async () => setRows(await appAdminApi.notes()), []);
  useEffect(() => void load(), [load]);

  const open = (n: Partial<ReleaseNote>) => {
    setEditing(n);
    form.setFieldsValue({ version: n.version ?? '', title: n.title ?? '', content: n.content ?? '' });
  };

  async function save() {
    const v = await form.validateFields();
    await appAdminApi.saveNote({ ...v, id: editing?.id });
    void message.success(t('appAdmin.saved'));
    setEditing(null);
    void load();
  }

  return (
    <Card data-testid="app-release">
      {canAdd && (
        <Button type="primary" onClick={() => open({})} style={{ marginBottom: 12 }}>
          {t('appAdmin.add')}
        </Button>
      )}
      <Table<ReleaseNote>
        rowKey="id"
        size="small"
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('appAdmin.version'), dataIndex: 'version', width: 120 },
          { title: t('appAdmin.title'), dataIndex: 'title' },
          { title: t('appAdmin.releaseTime'), dataIndex: 'releaseTime', width: 180 },
          {
            title: '',
            key: 'op',
            width: 160,
            render: (_, r) => (
              <Space>
                {canEdit && (
                  <Button size="small" onClick={() => open(r)}>
                    {t('appAdmin.edit')}
                  </Button>
                )}
                {canDelete && (
                  <Popconfirm
                    title={t('appAdmin.removeConfirm')}
                    onConfirm={async () => {
                      await appAdminApi.removeNote(r.id);
                      void load();
                    }}
                  >
                    <Button size="small" danger>
                      {t('appAdmin.remove')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
        expandable={{ expandedRowRender: (r) => <div style={{ whiteSpace: 'pre-wrap' }}>{r.content}</div> }}
      />
      <Modal
        open={!!editing}
        title={editing?.id ? t('appAdmin.edit') : t('appAdmin.add')}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <ReleaseNoteForm form={form} />
      </Modal>
    </Card>
  );
}
