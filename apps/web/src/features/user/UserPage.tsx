/**
 * Users (spec 1 §3, §7.2; spec 2 §2, §6): the department tree beside a server-paged table (account, tenant,
 * real name, roles, departments, platform); add/edit/view/delete; grant roles, reset password, unlock, enable or
 * disable, platform settings; import (xlsx, with a template) and export.
 */
import { DownloadOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Col, Form, Input, Modal, Row, Select, Space } from 'antd';
import { md5 } from 'js-md5';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { type User, userApi } from '../../api/user';
import { type CrudHandle, CrudPage, RowButton } from '../../components/crud';
import { loadDict } from '../../components/crud/fields';
import { ImportButton, TreeSelectField } from '../../components/widgets';
import { saveBlob } from '../../lib/download';
import { usePermission } from '../../stores/session';
import { roleTree, userColumns } from './columns';
import { UserDeptTree } from './UserDeptTree';
import { useUserToolbar } from './useUserToolbar';

function GrantRoles({ ids, onClose }: { ids: string[] | null; onClose(done: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [roles, setRoles] = useState<string>('');
  return (
    <Modal
      open={!!ids}
      title={t('user.grant')}
      destroyOnHidden
      maskClosable={false}
      onCancel={() => onClose(false)}
      okText={t('crud.ok')}
      cancelText={t('crud.cancel')}
      onOk={async () => {
        if (!roles) {
          message.warning(t('user.roleRequired'));
          return;
        }
        await userApi.grant(ids!, roles.split(','));
        message.success(t('crud.operationSuccess'));
        onClose(true);
      }}
    >
      <TreeSelectField multiple joined load={roleTree} value={roles} onChange={setRoles} />
    </Modal>
  );
}

function PlatformDialog({ user, onClose }: { user: User | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [types, setTypes] = useState<{ label: string; value: number }[]>([]);
  useEffect(() => {
    if (!user) return;
    loadDict('user_type', 'dict', true)
      .then((o) => setTypes(o as any))
      .catch(() => setTypes([]));
    userApi
      .platformDetail(user.id)
      .then((d) => form.setFieldsValue({ userType: d?.userType ?? user.userType, userExt: d?.userExt ?? '' }))
      .catch(() => form.setFieldsValue({ userType: user.userType, userExt: '' }));
  }, [user, form]);
  return (
    <Modal
      open={!!user}
      title={t('user.platform')}
      destroyOnHidden
      maskClosable={false}
      onCancel={onClose}
      okText={t('crud.ok')}
      cancelText={t('crud.cancel')}
      onOk={async () => {
        const v = await form.validateFields();
        await userApi.updatePlatform(user!.id, v.userType, v.userExt ?? '');
        message.success(t('crud.operationSuccess'));
        onClose();
      }}
    >
      <Form form={form} layout="vertical" name="user-platform" preserve={false}>
        <Form.Item
          name="userType"
          label={t('user.userType')}
          rules={[{ required: true, message: t('user.userTypeRequired') }]}
        >
          <Select options={types} />
        </Form.Item>
        <Form.Item name="userExt" label={t('user.userExt')} extra={t('user.userExtTip')}>
          <Input.TextArea rows={4} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ImportDialog({ open, onClose }: { open: boolean; onClose(done: boolean): void }) {
  const { t } = useTranslation();
  const [covered, setCovered] = useState(false);
  return (
    <Modal open={open} title={t('user.import')} footer={null} destroyOnHidden onCancel={() => onClose(false)}>
      <Space direction="vertical">
        <Checkbox checked={covered} onChange={(e) => setCovered(e.target.checked)}>
          {t('user.isCovered')}
        </Checkbox>
        <Space>
          <ImportButton
            upload={(f) => userApi.importFile(f, covered)}
            onDone={() => onClose(true)}
            label={t('user.chooseFile')}
          />
          <Button
            icon={<DownloadOutlined />}
            onClick={async () => {
              const { blob, fileName } = await http.blob('GET', userApi.templateUrl, {}, '用户数据模板.xlsx');
              saveBlob(blob, fileName);
            }}
          >
            {t('user.template')}
          </Button>
        </Space>
      </Space>
    </Modal>
  );
}

export default function UserPage() {
  const { t } = useTranslation();
  const [deptId, setDeptId] = useState<string | undefined>();
  const [grant, setGrant] = useState<string[] | null>(null);
  const [platform, setPlatform] = useState<User | null>(null);
  const [importing, setImporting] = useState(false);
  const handle = useRef<CrudHandle<User> | null>(null);
  const canPlatform = usePermission('user_platform');
  const query = useMemo(() => (deptId ? { deptId } : {}), [deptId]);
  const toolbar = useUserToolbar({ query, onGrant: setGrant, onImport: () => setImporting(true) });

  return (
    <Row gutter={12}>
      <Col xs={24} md={6} xl={5}>
        <UserDeptTree deptId={deptId} onSelect={setDeptId} />
      </Col>
      <Col xs={24} md={18} xl={19}>
        <CrudPage<User>
          api={userApi}
          columns={userColumns}
          title="user.title"
          permission="user"
          query={query}
          handleRef={handle}
          dialogWidth={960}
          beforeSubmit={(v, mode) => {
            if (mode !== 'add') return v;
            // the password travels as the MD5 of what was typed, like at sign-in
            return { ...v, password: md5(String(v.password ?? '')), password2: md5(String(v.password2 ?? '')) };
          }}
          onSave={(v, mode) => (mode === 'add' ? userApi.submit(v) : userApi.update(v))}
          toolbar={toolbar}
          actionWidth={330}
          rowActions={(row) =>
            canPlatform && (
              <RowButton icon={<SettingOutlined />} onClick={() => setPlatform(row)}>
                {t('user.platform')}
              </RowButton>
            )
          }
        />
      </Col>
      <GrantRoles
        ids={grant}
        onClose={(done) => {
          setGrant(null);
          if (done) {
            handle.current?.clearSelection();
            handle.current?.reload();
          }
        }}
      />
      <PlatformDialog user={platform} onClose={() => setPlatform(null)} />
      <ImportDialog
        open={importing}
        onClose={(done) => {
          setImporting(false);
          if (done) handle.current?.reload();
        }}
      />
    </Row>
  );
}
