/**
 * Sign-in (spec 1 §4, §7.1; contract.md): account and password (sent as lower-case hex MD5), a tenant field in
 * tenant mode, a captcha image and code when the server has captcha on (grant captcha with Captcha-Key and
 * Captcha-Code headers). A reply carrying error_description is shown as an error and nobody is signed in.
 * In switch mode, a user with several departments or roles is asked to choose one (by the shell, on entering).
 * State and calls live in useLogin.
 */
import { CloseCircleFilled, LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from './CaptchaField';
import { LoginLanguage } from './LoginLanguage';
import { type Field, MESSAGES } from './loginForm';
import { useLogin } from './useLogin';
import './login.css';

export { missingFields, needsSwitch } from './loginForm';

export default function LoginPage() {
  const { t } = useTranslation();
  const lg = useLogin();
  const { values, invalid, set } = lg;

  const field = (name: Field, input: ReactNode) => (
    <div className="swp-login-field">
      {input}
      {invalid.includes(name) && <div className="swp-login-field-error">{t(MESSAGES[name])}</div>}
    </div>
  );
  const status = (name: Field) => (invalid.includes(name) ? 'error' : undefined);

  return (
    <div className="swp-login">
      {lg.messageHolder}
      <LoginLanguage />
      <div className="swp-login-card">
        <div className="swp-login-brand">
          <div className="swp-login-logo">{t('shortTitle')}</div>
          <h1>{t('title')}</h1>
          <p>{t('login.subtitle')}</p>
        </div>
        <h2 className="swp-login-title">{t('login.title')}</h2>
        <form onSubmit={lg.onSubmit} autoComplete="off" noValidate>
          {lg.tenantShown &&
            field(
              'tenantId',
              <Input
                size="large"
                prefix={<TeamOutlined />}
                placeholder={t('login.tenantId')}
                aria-label={t('login.tenantId')}
                value={values.tenantId}
                onChange={set('tenantId')}
                status={status('tenantId')}
              />,
            )}
          {field(
            'username',
            <Input
              size="large"
              prefix={<UserOutlined />}
              placeholder={t('login.username')}
              aria-label={t('login.username')}
              value={values.username}
              onChange={set('username')}
              status={status('username')}
              data-testid="login-account"
              autoFocus
            />,
          )}
          {field(
            'password',
            <Input.Password
              size="large"
              prefix={<LockOutlined />}
              placeholder={t('login.password')}
              aria-label={t('login.password')}
              value={values.password}
              onChange={set('password')}
              status={status('password')}
              data-testid="login-password"
            />,
          )}
          {lg.captchaOn &&
            field(
              'code',
              <CaptchaField
                value={values.code}
                onChange={set('code')}
                status={status('code')}
                captcha={lg.captcha}
                captchaFailed={lg.captchaFailed}
                refresh={lg.refreshCaptcha}
              />,
            )}
          {lg.error && (
            <div className="swp-login-error" role="alert" data-testid="login-error">
              <CloseCircleFilled /> <span>{lg.error}</span>
            </div>
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={lg.loading} data-testid="login-submit">
            {lg.loading ? t('login.signingIn') : t('login.submit')}
          </Button>
        </form>
      </div>
    </div>
  );
}
