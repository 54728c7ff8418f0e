/** The app's frame around a view: the header (name, online state, language, sign-out) and the bottom tabs. */
import type { ReactNode } from 'react';
import { signOut } from './api';
import { getLang, setLang, t } from './i18n';
import { useOnline } from './useOnline';

export function AppHeader() {
  const online = useOnline();
  return (
    <header>
      <b>{t('appName')}</b>
      <span className={`dot ${online ? 'on' : 'off'}`} data-testid="app-online">
        {online ? t('online') : t('offline')}
      </span>
      <button type="button" onClick={() => setLang(getLang() === 'zh' ? 'en' : 'zh')}>
        {t('lang')}
      </button>
      <button type="button" onClick={() => void signOut()} data-testid="app-sign-out">
        {t('signOut')}
      </button>
    </header>
  );
}

/** Today and the outbox tab, with the counts of items waiting and in conflict. */
export function AppNav({
  onQueue,
  waiting,
  conflicts,
  onToday,
  onOpenQueue,
}: {
  onQueue: boolean;
  waiting: number;
  conflicts: number;
  onToday: () => void;
  onOpenQueue: () => void;
}) {
  return (
    <nav>
      <button type="button" className={!onQueue ? 'active' : ''} onClick={onToday}>
        {t('today')}
      </button>
      <button type="button" className={onQueue ? 'active' : ''} onClick={onOpenQueue} data-testid="app-queue-tab">
        {t('queue')}
        {waiting > 0 && (
          <span className="badge" data-testid="app-queue-count">
            {waiting}
          </span>
        )}
        {conflicts > 0 && <span className="badge red">{conflicts}</span>}
      </button>
    </nav>
  );
}

/** The bar atop a view opened from a list: ‹ back, then what the view puts beside it (e.g. its state). */
export function BackBar({ onBack, testId, children }: { onBack: () => void; testId?: string; children?: ReactNode }) {
  return (
    <div className="bar">
      <button type="button" onClick={onBack} data-testid={testId}>
        ‹ {t('back')}
      </button>
      {children}
    </div>
  );
}
