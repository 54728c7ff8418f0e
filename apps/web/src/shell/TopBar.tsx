/**
 * The top bar (spec 1 §2.3): collapse toggle, business-area switcher, top search, menu search, notice bell, full
 * screen, theme, colour, language, lock, error log, and the avatar dropdown.
 */
import {
  FullscreenExitOutlined,
  FullscreenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { Layout } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi } from '../stores/ui';
import { AreaSwitcher } from './AreaSwitcher';
import { NoticeBell } from './bell/NoticeBell';
import { ColorPicker } from './ColorPicker';
import { ErrorLogButton } from './ErrorLogDialog';
import { HeaderButton } from './HeaderButton';
import { LanguageSwitch } from './LanguageSwitch';
import { LockButton } from './LockDialog';
import { TopSearch } from './MenuSearch';
import { ThemePicker } from './ThemePicker';
import { UserMenu } from './UserMenu';

function FullScreenButton() {
  const { t } = useTranslation();
  const fullscreen = useUi((s) => s.fullscreen);
  const setFullscreen = useUi((s) => s.setFullscreen);
  useEffect(() => {
    const sync = () => setFullscreen(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [setFullscreen]);
  const label = t(fullscreen ? 'navbar.screenfullF' : 'navbar.screenfull');
  return (
    <HeaderButton
      label={label}
      icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={() => {
        if (document.fullscreenElement) void document.exitFullscreen();
        else void document.documentElement.requestFullscreen?.().catch(() => undefined);
      }}
    />
  );
}

export function TopBar() {
  const { t } = useTranslation();
  const collapse = useUi((s) => s.collapse);
  const toggleCollapse = useUi((s) => s.toggleCollapse);
  const screen = useUi((s) => s.screen);
  const showMenu = useUi((s) => s.showMenu);
  const setSearchOpen = useUi((s) => s.setSearchOpen);
  return (
    <Layout.Header className="swp-header">
      <div className="swp-header-left">
        {showMenu && (
          <HeaderButton
            label={t(collapse ? 'navbar.expand' : 'navbar.collapse')}
            className="swp-collapse"
            icon={collapse ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggleCollapse}
            testId="collapse-toggle"
          />
        )}
        <AreaSwitcher />
      </div>
      <div className="swp-header-right">
        {screen >= 2 && <TopSearch />}
        <HeaderButton
          label={t('navbar.menuSearch')}
          icon={<SearchOutlined />}
          onClick={() => setSearchOpen(true)}
          testId="menu-search-button"
        />
        <NoticeBell />
        {screen >= 1 && <FullScreenButton />}
        <ThemePicker />
        <ColorPicker />
        <LanguageSwitch />
        <LockButton />
        <ErrorLogButton />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
