/** Sign-in with the console's accounts (tenant, account, password, and the captcha when the server asks for one). */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { captcha as fetchCaptcha, publicConfig, signIn } from './api';
import { t } from './i18n';

export function Login() {
  const [tenant, setTenant] = useState('000000');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [cap, setCap] = useState<{ key: string; image: string } | null>(null);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const reloadCaptcha = useCallback(() => void fetchCaptcha().then(setCap, () => setCap(null)), []);
  useEffect(() => {
    void publicConfig().then((c) => {
      setNeedCaptcha(c.captcha);
      if (c.captcha) reloadCaptcha();
    });
  }, [reloadCaptcha]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!account.trim() || !password) return;
    setBusy(true);
    setError('');
    try {
      await signIn(tenant, account, password, needCaptcha && cap ? { key: cap.key, code: code.trim() } : undefined);
    } catch (err) {
      setError((err as Error).message === 'network' ? t('offline') : (err as Error).message);
      if (needCaptcha) reloadCaptcha();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="login" onSubmit={submit}>
      <h1>{t('appName')}</h1>
      <label>
        {t('tenant')}
        <input value={tenant} onChange={(e) => setTenant(e.target.value)} autoComplete="organization" />
      </label>
      <label>
        {t('account')}
        <input
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          autoComplete="username"
          data-testid="app-account"
        />
      </label>
      <label>
        {t('password')}
        <input
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          data-testid="app-password"
        />
      </label>
      {needCaptcha && (
        <label>
          {t('code')}
          <span className="captcha">
            <input value={code} onChange={(e) => setCode(e.target.value)} />
            {cap && (
              <button type="button" className="captcha-img" onClick={reloadCaptcha}>
                <img src={cap.image} alt={t('code')} />
              </button>
            )}
          </span>
        </label>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button className="primary" type="submit" disabled={busy} data-testid="app-sign-in">
        {busy ? t('signingIn') : t('signIn')}
      </button>
    </form>
  );
}
