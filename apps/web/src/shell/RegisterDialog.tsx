/**
 * Registration dialog 账号注册 (spec 1 §2.5, §5): after a third-party sign-in that maps to no local user (no user
 * id or a negative one). Fields tenant number (hidden when the tenant comes from the host), user name, account,
 * password, confirm password; the ordered warnings of §5; on success a notice that the administrator must
 * approve, then sign-out and /login; on failure the server message or 提交失败.
 */
import { App, Form, Input, Modal } from 'antd';
import { md5 } from 'js-md5';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerGuest, tenantOfHost } from '../api/auth';
import { HttpError } from '../api/http';
import { type RegisterValues, registerWarning } from '../lib/register';
import { useSession } from '../stores/session';

export default function RegisterDialog() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const userInfo = useSession((s) => s.userInfo);
  const tenantId = useSession((s) => s.tenantId);
  const [form] = Form.useForm<RegisterValues>();
  const [saving, setSaving] = useState(false);
  const tenantMode = useSession((s) => s.config.tenantMode);
  const [tenantFromHost, setTenantFromHost] = useState(false);

  // the tenant number is hidden when the host name tells the tenant (tenant mode)
  useEffect(() => {
    if (tenantMode) void tenantOfHost(location.hostname).then((id) => setTenantFromHost(!!id));
  }, [tenantMode]);

  async function submit() {
    const v = form.getFieldsValue();
    const warning = registerWarning(v, !tenantFromHost);
    if (warning) {
      void message.warning(t(warning));
      return;
    }
    setSaving(true);
    try {
      await registerGuest({
        tenantId: tenantFromHost ? tenantId : (v.tenantId ?? '').trim(),
        name: (v.name ?? '').trim(),
        account: (v.account ?? '').trim(),
        password: md5(v.password ?? ''),
        oauthId: userInfo?.oauth_id ? String(userInfo.oauth_id) : undefined,
      });
      modal.success({
        title: t('register.submittedTitle'),
        content: t('register.submitted'),
        onOk: async () => {
          await useSession.getState().logout();
          navigate('/login', { replace: true });
        },
      });
    } catch (e) {
      const msg = e instanceof HttpError ? (e.body as { msg?: string } | undefined)?.msg : undefined;
      void message.error(msg || t('register.failed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={t('register.title')}
      open
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      okText={t('common.submit')}
      onOk={submit}
      confirmLoading={saving}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={450}
    >
      <Form form={form} layout="vertical" initialValues={{ tenantId }}>
        {!tenantFromHost && (
          <Form.Item name="tenantId" label={t('register.tenantId')}>
            <Input />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('register.name')}>
          <Input />
        </Form.Item>
        <Form.Item name="account" label={t('register.account')}>
          <Input />
        </Form.Item>
        <Form.Item name="password" label={t('register.password')}>
          <Input.Password />
        </Form.Item>
        <Form.Item name="password2" label={t('register.password2')}>
          <Input.Password />
        </Form.Item>
      </Form>
    </Modal>
  );
}
