/**
 * The signed-in shell's background work: loading the session data (with a retry trigger after a failure), the
 * token check, dayjs following the language, and the screen-size class.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createTokenTimer } from '../lib/tokenTimer';
import { website } from '../lib/website';
import { getTokenTime, useSession } from '../stores/session';
import { useUi } from '../stores/ui';

/** returns the session load error ('' when fine) and `retry`, which loads again */
export function useSessionBootstrap(signedIn: boolean) {
  const { i18n } = useTranslation();
  const [loadError, setLoadError] = useState('');
  const [attempt, setAttempt] = useState(0);

  // session data: deployment flags, the user (roles), menus, top menus, buttons; `attempt` retries after a failure
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger
  useEffect(() => {
    if (!signedIn) return;
    const s = useSession.getState();
    if (!s.configLoaded) void s.loadConfig();
    void s.loadUserInfo();
    if (!s.menuLoaded) {
      setLoadError('');
      s.loadSessionMenus().catch((e: Error) => setLoadError(e.message || i18n.t('common.unknownError')));
    }
  }, [signedIn, attempt]);

  // the token check: every 10 s, refresh once the token is as old as the token time, never two at once
  useEffect(() => {
    if (!signedIn) return;
    const timer = createTokenTimer({
      issuedAt: () => getTokenTime() || useSession.getState().tokenTime,
      tokenTimeSeconds: website.tokenTime,
      refresh: () => useSession.getState().refresh(),
    });
    timer.start();
    return () => timer.stop();
  }, [signedIn]);

  // dates follow the language
  useEffect(() => {
    dayjs.locale(i18n.language === 'en' ? 'en' : 'zh-cn');
  }, [i18n.language]);

  // screen size classes
  useEffect(() => {
    const onResize = () => useUi.getState().setScreen(window.innerWidth);
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  return { loadError, retry: () => setAttempt((n) => n + 1) };
}
