/**
 * Personal information (/info/index, spec 1 §2.6): tab one edits the avatar (jpg/png ≤ 500kb), real name, user
 * name, phone and email; tab two changes the password (old, new, confirm — sent as MD5 like the sign-in).
 */
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Form, Input, Space, Spin, Tabs, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileApi, type UserInfo } from '../../api/profile';
import { useBusyCall } from '../../lib/useBusyCall';
import { phoneRule } from '../../lib/validators';
import { useAvatarUpload } from './useAvatarUpload';

/** Both forms: the labels take 4 of the row's 24 columns, the fields 12; the buttons stand under the fields. */
const LABEL_SPAN = 4;
const FORM_LAYOUT = { labelCol: { span: LABEL_SPAN }, wrapperCol: { span: 12 } };

/** The buttons under both forms: 保存 (submits) and 重置. */
function SaveReset({ saving, onReset }: { saving: boolean; onReset(): void }) {
  const { t } = useTranslation();
  return (
    <Form.Item wrapperCol={{ offset: LABEL_SPAN }}>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('info.save')}
        </Button>
        <Button onClick={onReset}>{t('info.reset')}</Button>
      </Space>
    </Form.Item>
  );
}

function InfoForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserInfo>();
  const [loading, setLoading] = useState(true);
  const { busy: saving, run } = useBusyCall();
  const { uploading, beforeUpload } = useAvatarUpload(form);
  const avatar = Form.useWatch('avatar', form);

  useEffect(() => {
    profileApi
      .info()
      .then((u) => form.setFieldsValue(u))
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [form]);

  const submit = (values: UserInfo) =>
    run(
      () =>
        profileApi.updateInfo({
          avatar: values.avatar,
          realName: values.realName,
          name: values.name,
          phone: values.phone,
          email: values.email,
        }),
      t('info.saved'),
      () => {},
    );

  return (
    <Spin spinning={loading}>
      <Form form={form} {...FORM_LAYOUT} onFinish={submit} data-testid="profile-info-form">
        <Form.Item name="avatar" label={t('info.avatar')} extra={t('info.avatarHint')}>
          <Upload
            listType="picture-card"
            showUploadList={false}
            accept="image/jpeg,image/png"
            beforeUpload={beforeUpload}
          >
            {avatar ? (
              <Avatar shape="square" size={96} src={avatar} alt={t('info.avatar')} />
            ) : (
              <div>{uploading ? <LoadingOutlined /> : <PlusOutlined />}</div>
            )}
          </Upload>
        </Form.Item>
        <Form.Item
          name="realName"
          label={t('info.realName')}
          rules={[{ required: true, message: t('info.realNameRequired') }]}
        >
          <Input maxLength={10} />
        </Form.Item>
        <Form.Item name="name" label={t('info.name')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="phone" label={t('info.phone')} rules={[phoneRule]}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="email" label={t('info.email')} rules={[{ type: 'email', message: t('info.emailInvalid') }]}>
          <Input maxLength={45} />
        </Form.Item>
        <SaveReset saving={saving} onReset={() => form.resetFields(['realName', 'name', 'phone', 'email'])} />
      </Form>
    </Spin>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { busy: saving, run } = useBusyCall();

  const submit = (v: { oldPassword: string; newPassword: string; newPassword1: string }) =>
    run(
      () => profileApi.updatePassword(v.oldPassword, v.newPassword, v.newPassword1),
      t('info.passwordSaved'),
      () => form.resetFields(),
    );

  return (
    <Form form={form} {...FORM_LAYOUT} onFinish={submit} data-testid="profile-password-form">
      <Form.Item
        name="oldPassword"
        label={t('info.oldPassword')}
        rules={[{ required: true, message: t('info.oldPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('info.newPassword')}
        rules={[
          { required: true, message: t('info.newPasswordRequired') },
          { min: 6, message: t('info.passwordTooShort') },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('info.newPassword1')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('info.newPassword1Required') },
          ({ getFieldValue }) => ({
            validator: (_r, value) =>
              !value || getFieldValue('newPassword') === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('info.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <SaveReset saving={saving} onReset={() => form.resetFields()} />
    </Form>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  return (
    <Card title={t('info.title')}>
      <Tabs
        items={[
          { key: 'info', label: t('info.tabInfo'), children: <InfoForm /> },
          { key: 'password', label: t('info.tabPassword'), children: <PasswordForm /> },
        ]}
      />
    </Card>
  );
}
