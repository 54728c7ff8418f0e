/**
 * State and calls of the sign-in form: loads the deployment flags, the captcha (when on) and the tenant of the
 * host (in tenant mode); submit checks the required fields, signs in (password as lower-case hex MD5), flags a
 * pending department/role switch and enters; a failure shows the error and renews the captcha.
 */
import { message as antMessage } from 'antd';
import { md5 } from 'js-md5';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Captcha, fetchCaptcha, tenantOfHost } from '../../api/auth';
import { DEFAULT_TENANT } from '../../api/client-config';
import { setFeedback } from '../../lib/feedback';
import { useSession } from '../../stores/session';
import { type Field, type LoginForm, missingFields, needsSwitch } from './loginForm';

export function useLogin() {
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

  return {
    messageHolder,
    captchaOn: config.captcha,
    values,
    invalid,
    captcha,
    captchaFailed,
    tenantShown,
    error,
    loading,
    set,
    refreshCaptcha,
    onSubmit,
  };
}
