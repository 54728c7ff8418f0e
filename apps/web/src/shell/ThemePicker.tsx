/** Theme picker titled 选择 (spec 1 §2.5): the 11 themes, applied at once and kept in local storage. */
import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { THEMES } from '../lib/themes';
import { THEME_NAMES, useUi } from '../stores/ui';
import { HeaderButton } from './HeaderButton';

export function ThemePicker() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const themeName = useUi((s) => s.themeName);
  const setTheme = useUi((s) => s.setTheme);
  return (
    <>
      <HeaderButton
        label={t('navbar.theme')}
        icon={<BgColorsOutlined />}
        onClick={() => setOpen(true)}
        testId="theme-button"
      />
      <Modal title={t('theme.title')} open={open} onCancel={() => setOpen(false)} footer={null} width={720}>
        <div className="swp-theme-grid" role="listbox" aria-label={t('theme.title')}>
          {THEME_NAMES.map((name) => {
            const th = THEMES[name];
            const selected = name === themeName;
            return (
              <button
                type="button"
                key={name}
                role="option"
                aria-selected={selected}
                data-theme={name}
                className={`swp-theme-card${selected ? ' is-selected' : ''}`}
                onClick={() => setTheme(name)}
              >
                <span className="swp-theme-preview">
                  <span
                    className="swp-theme-preview-sider"
                    style={{ background: th.siderImage && th.siderImage !== 'none' ? th.siderImage : th.siderBg }}
                  />
                  <span className="swp-theme-preview-main">
                    <span className="swp-theme-preview-header" style={{ background: th.headerImage ?? th.headerBg }} />
                    <span className="swp-theme-preview-body" style={{ background: th.layoutBg }} />
                  </span>
                  {selected && <CheckOutlined className="swp-theme-check" />}
                </span>
                <span className="swp-theme-name">{t(`theme.${name}`)}</span>
              </button>
            );
          })}
        </div>
      </Modal>
    </>
  );
}
