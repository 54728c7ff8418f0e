/**
 * Users (spec 1 §3, §7.2; spec 2 §2, §6): the department tree beside a server-paged table (account, tenant,
 * real name, roles, departments, platform); add/edit/view/delete; grant roles, reset password, unlock, enable or
 * disable, platform settings; import (xlsx, with a template) and export.
 */
import { DownloadOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Col, Form, Input, Modal, Row, Select, Space } from 'antd';
import i18next from 'i18next';
import { md5 } from 'js-md5';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { roleApi } from '../../api/system';
import { type User, userApi } from '../../api/user';
import { type CrudColumn, type CrudHandle, CrudPage, RowButton } from '../../components/crud';
import { loadDict } from '../../components/crud/fields';
import {
  CompanyTreeSelect,
  DeptTreeSelect,
  type FileValue,
  ImageUpload,
  ImportButton,
  PostTreeSelect,
  TreeSelectField,
} from '../../components/widgets';
import { toTreeOptions } from '../../components/widgets/treeUtils';
import { saveBlob } from '../../lib/download';
import { phoneRule } from '../../lib/validators';
import { usePermission } from '../../stores/session';
import { UserDeptTree } from './UserDeptTree';
import { useUserToolbar } from './useUserToolbar';

/** The avatar as one picture (the record keeps its URL). */
function AvatarField(p: { value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  const list: FileValue[] = p.value ? [{ name: 'avatar', url: p.value, fileId: 'avatar' }] : [];
  return (
    <ImageUpload
      limit={1}
      fileSize={500}
      sizeUnit="KB"
      accept="image/png,image/jpeg"
      disabled={p.disabled}
      value={list}
      onChange={(files) => p.onChange?.(files[0]?.url ?? '')}
    />
  );
}

const roleTree = async () => toTreeOptions(await roleApi.tree());

const columns: CrudColumn<User>[] = [
  { prop: 'account', label: 'user.account', search: true, required: 'user.accountRequired' },
  { prop: 'tenantName', label: 'user.tenantName', display: false },
  {
    prop: 'company',
    label: 'user.company',
    hide: true,
    display: false,
    search: true,
    searchProp: 'deptId',
    searchComponent: () => <CompanyTreeSelect />,
  },
  { prop: 'realName', label: 'user.realName', search: true, required: 'user.realNameRequired' },
  { prop: 'name', label: 'user.name', hide: true },
  { prop: 'roleName', label: 'user.roleName', display: false },
  { prop: 'deptName', label: 'user.deptName', display: false },
  { prop: 'postName', label: 'user.postName', display: false, hide: true },
  { prop: 'userTypeName', label: 'user.userTypeName', display: false },
  {
    prop: 'userType',
    label: 'user.userType',
    type: 'select',
    dict: 'user_type',
    numeric: true,
    search: true,
    hide: true,
    required: 'user.userTypeRequired',
    defaultValue: 1,
  },
  {
    prop: 'status',
    label: 'user.status',
    type: 'select',
    dict: 'user_status',
    numeric: true,
    defaultValue: 1,
    editDisplay: false,
    addDisplay: false,
  },
  {
    prop: 'password',
    label: 'user.password',
    type: 'password',
    hide: true,
    editDisplay: false,
    viewDisplay: false,
    required: 'user.passwordRequired',
  },
  {
    prop: 'password2',
    label: 'user.password2',
    type: 'password',
    hide: true,
    editDisplay: false,
    viewDisplay: false,
    required: 'user.password2Required',
    rules: [
      ({ getFieldValue }) => ({
        validator: (_r, v) =>
          !v || v === getFieldValue('password')
            ? Promise.resolve()
            : Promise.reject(new Error(i18next.t('user.passwordMismatch'))),
      }),
    ],
  },
  { prop: 'code', label: 'user.code', hide: true },
  {
    prop: 'phone',
    label: 'user.phone',
    hide: true,
    rules: [{ validator: (r, v) => (v ? phoneRule.validator(r, v) : Promise.resolve()) }],
  },
  { prop: 'email', label: 'user.email', hide: true, rules: [{ type: 'email', message: 'user.emailInvalid' }] },
  { prop: 'sex', label: 'user.sex', type: 'select', dict: 'sex', numeric: true, hide: true },
  { prop: 'birthday', label: 'user.birthday', type: 'date', hide: true },
  {
    prop: 'roleId',
    label: 'user.roleId',
    hide: true,
    required: 'user.roleRequired',
    component: () => <TreeSelectField multiple joined load={roleTree} />,
  },
  {
    prop: 'deptId',
    label: 'user.deptId',
    hide: true,
    required: 'user.deptRequired',
    component: () => <DeptTreeSelect multiple joined />,
  },
  { prop: 'postId', label: 'user.postId', hide: true, component: () => <PostTreeSelect multiple joined /> },
  { prop: 'avatar', label: 'user.avatar', hide: true, span: 24, component: () => <AvatarField /> },
];

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
          columns={columns}
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
