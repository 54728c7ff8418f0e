/**
 * Personal information (/info/index, spec 1 §2.6): tab one edits the avatar (jpg/png ≤ 500kb), real name, user
 * name, phone and email; tab two changes the password (old, new, confirm — sent as MD5 like the sign-in).
 */
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Card, Form, Input, Space, Spin, Tabs, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileApi, type UserInfo } from '../../api/profile';
import { phoneRule } from '../../lib/validators';
import { useAvatarUpload } from './useAvatarUpload';

function InfoForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<UserInfo>();
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const { uploading, beforeUpload } = useAvatarUpload(form);
  const avatar = Form.useWatch('avatar', form);

  useEffect(() => {
    profileApi
      .info()
      .then((u) => form.setFieldsValue(u))
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [form]);

  const submit = async (values: UserInfo) => {
    setSaving(true);
    try {
      await profileApi.updateInfo({
        avatar: values.avatar,
        realName: values.realName,
        name: values.name,
        phone: values.phone,
        email: values.email,
      });
      message.success(t('info.saved'));
    } catch {
      /* the client showed the server's message */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Spin spinning={loading}>
      <Form
        form={form}
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 12 }}
        onFinish={submit}
        data-testid="profile-info-form"
      >
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
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('info.save')}
            </Button>
            <Button onClick={() => form.resetFields(['realName', 'name', 'phone', 'email'])}>{t('info.reset')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Spin>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  const submit = async (v: { oldPassword: string; newPassword: string; newPassword1: string }) => {
    setSaving(true);
    try {
      await profileApi.updatePassword(v.oldPassword, v.newPassword, v.newPassword1);
      message.success(t('info.passwordSaved'));
      form.resetFields();
    } catch {
      /* the client showed the server's message */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 12 }}
      onFinish={submit}
      data-testid="profile-password-form"
    >
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
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('info.save')}
          </Button>
          <Button onClick={() => form.resetFields()}>{t('info.reset')}</Button>
        </Space>
      </Form.Item>
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
