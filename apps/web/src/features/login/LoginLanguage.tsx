/** Chinese or English before signing in; the current language is disabled (a light toggle, no dropdown). */
import { useTranslation } from 'react-i18next';
import { type Language, useUi } from '../../stores/ui';

export function LoginLanguage() {
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
