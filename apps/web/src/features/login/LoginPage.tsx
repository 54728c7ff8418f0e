/**
 * Sign-in (spec 1 §4, §7.1; contract.md): account and password (sent as lower-case hex MD5), a tenant field in
 * tenant mode, a captcha image and code when the server has captcha on (grant captcha with Captcha-Key and
 * Captcha-Code headers). A reply carrying error_description is shown as an error and nobody is signed in.
 * In switch mode, a user with several departments or roles is asked to choose one (by the shell, on entering).
 */
import { CloseCircleFilled, LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { message as antMessage, Button, Input } from 'antd';
import { md5 } from 'js-md5';
import { type ChangeEvent, type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Captcha, fetchCaptcha, tenantOfHost } from '../../api/auth';
import { DEFAULT_TENANT } from '../../api/client-config';
import { setFeedback } from '../../lib/feedback';
import { useSession } from '../../stores/session';
import { type Language, useUi } from '../../stores/ui';
import './login.css';

interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
  code: string;
}

type Field = keyof LoginForm;

/** The required fields left empty, in display order (i18n keys of their messages). */
export function missingFields(v: LoginForm, opts: { tenant: boolean; captcha: boolean }): Field[] {
  const fields: Field[] = [...(opts.tenant ? (['tenantId'] as Field[]) : []), 'username', 'password'];
  if (opts.captcha) fields.push('code');
  return fields.filter((f) => !v[f].trim());
}

/** a user with several departments or roles chooses one (switch mode) */
export function needsSwitch(switchMode: boolean, deptId?: string, roleId?: string): boolean {
  return switchMode && (String(deptId ?? '').includes(',') || String(roleId ?? '').includes(','));
}

/** Chinese or English before signing in; the current language is disabled (a light toggle, no dropdown). */
function LoginLanguage() {
  const { t } = useTranslation();
  const language = useUi((s) => s.language);
  const setLanguage = useUi((s) => s.setLanguage);
  return (
    <fieldset className="swp-login-lang" aria-label={t('navbar.language')} data-testid="language-switch">
      {(['zh', 'en'] as Language[]).map((l) => (
        <button key={l} type="button" disabled={l === language} onClick={() => setLanguage(l)}>
          {t(`language.${l}`)}
        </button>
      ))}
    </fieldset>
  );
}

const MESSAGES: Record<Field, string> = {
  tenantId: 'login.tenantId',
  username: 'login.username',
  password: 'login.password',
  code: 'login.code',
};

export default function LoginPage() {
  const { t } = useTranslation();
  const [message, messageHolder] = antMessage.useMessage();
  const navigate = useNavigate();
  const config = useSession((s) => s.config);
  const configLoaded = useSession((s) => s.configLoaded);
  const [values, setValues] = useState<LoginForm>({ tenantId: DEFAULT_TENANT, username: '', password: '', code: '' });
  const [invalid, setInvalid] = useState<Field[]>([]);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const [hostTenant, setHostTenant] = useState<string>();
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const tenantShown = config.tenantMode && !hostTenant;

  useEffect(() => {
    setFeedback({ message });
    if (!useSession.getState().configLoaded) void useSession.getState().loadConfig();
  }, [message]);

  const refreshCaptcha = useCallback(async () => {
    try {
      setCaptcha(await fetchCaptcha());
      setCaptchaFailed(false);
    } catch {
      setCaptcha(null);
      setCaptchaFailed(true);
    }
  }, []);

  useEffect(() => {
    if (configLoaded && config.captcha) void refreshCaptcha();
  }, [configLoaded, config.captcha, refreshCaptcha]);

  useEffect(() => {
    if (!configLoaded || !config.tenantMode) return;
    void tenantOfHost(location.hostname).then((id) => {
      if (!id) return;
      setHostTenant(id);
      setValues((v) => ({ ...v, tenantId: id }));
    });
  }, [configLoaded, config.tenantMode]);

  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (value.trim()) setInvalid((list) => list.filter((f) => f !== field));
  };

  const enter = () => navigate('/', { replace: true });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (loading) return;
    const missing = missingFields(values, { tenant: tenantShown, captcha: config.captcha });
    setInvalid(missing);
    if (missing.length) return;
    setError('');
    setLoading(true);
    try {
      const reply = await useSession.getState().signIn({
        grant_type: config.captcha ? 'captcha' : 'password',
        tenantId: config.tenantMode ? values.tenantId.trim() || hostTenant || DEFAULT_TENANT : DEFAULT_TENANT,
        username: values.username.trim(),
        password: md5(values.password),
        captchaKey: captcha?.key,
        captchaCode: values.code.trim(),
      });
      // several departments or roles (switch mode): the shell asks which one first
      useSession.getState().setPendingSwitch(needsSwitch(config.switchMode, reply.dept_id, reply.role_id));
      enter();
    } catch (err) {
      const text = (err as Error).message || t('common.unknownError');
      setError(text);
      void message.error(text);
      if (config.captcha) {
        setValues((v) => ({ ...v, code: '' }));
        void refreshCaptcha();
      }
    } finally {
      setLoading(false);
    }
  }

  const field = (name: Field, input: ReactNode) => (
    <div className="swp-login-field">
      {input}
      {invalid.includes(name) && <div className="swp-login-field-error">{t(MESSAGES[name])}</div>}
    </div>
  );
  const status = (name: Field) => (invalid.includes(name) ? 'error' : undefined);

  return (
    <div className="swp-login">
      {messageHolder}
      <LoginLanguage />
      <div className="swp-login-card">
        <div className="swp-login-brand">
          <div className="swp-login-logo">{t('shortTitle')}</div>
          <h1>{t('title')}</h1>
          <p>{t('login.subtitle')}</p>
        </div>
        <h2 className="swp-login-title">{t('login.title')}</h2>
        <form onSubmit={onSubmit} autoComplete="off" noValidate>
          {tenantShown &&
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
          {config.captcha &&
            field(
              'code',
              <div className="swp-login-captcha">
                <Input
                  size="large"
                  prefix={<SafetyOutlined />}
                  placeholder={t('login.code')}
                  aria-label={t('login.code')}
                  value={values.code}
                  onChange={set('code')}
                  status={status('code')}
                  maxLength={8}
                />
                <button
                  type="button"
                  className="swp-login-captcha-img"
                  onClick={refreshCaptcha}
                  title={t('login.refreshCaptcha')}
                  data-testid="captcha-image"
                >
                  {captcha ? (
                    <img src={captcha.image} alt={t('login.refreshCaptcha')} />
                  ) : captchaFailed ? (
                    t('login.captchaFailed')
                  ) : (
                    ''
                  )}
                </button>
              </div>,
            )}
          {error && (
            <div className="swp-login-error" role="alert" data-testid="login-error">
              <CloseCircleFilled /> <span>{error}</span>
            </div>
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={loading} data-testid="login-submit">
            {loading ? t('login.signingIn') : t('login.submit')}
          </Button>
        </form>
      </div>
    </div>
  );
}
