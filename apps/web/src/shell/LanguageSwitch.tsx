/** Language dropdown (spec 1 §2.5): Chinese or English; the current one is disabled; the choice is kept locally. */
import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Language, useUi } from '../stores/ui';

const LANGUAGES: Language[] = ['zh', 'en'];

export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const language = useUi((s) => s.language);
  const setLanguage = useUi((s) => s.setLanguage);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((l) => ({ key: l, label: t(`language.${l}`), disabled: l === language })),
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        className={className}
        icon={<TranslationOutlined />}
        aria-label={t('navbar.language')}
        title={t('navbar.language')}
        data-testid="language-switch"
      />
    </Dropdown>
  );
}
