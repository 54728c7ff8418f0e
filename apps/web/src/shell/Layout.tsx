/**
 * The signed-in application shell (spec 1 §2.3, §2.4): side menu, top bar, tab bar and the kept-alive tab pages.
 * It loads the session's menus, top menus, buttons and user info, runs the token check, tracks the screen size
 * (useSessionBootstrap), resolves every path against the fixed routes, the screen registry and the server menu
 * (unknown → /404), adds tabs as the guard says, and titles the page with the tab label (useShellRoute).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { Layout } from 'antd';
import { Navigate } from 'react-router';
import { AppFeedback } from '../components/AppFeedback';
import { queryClient } from '../lib/queryClient';
import { getToken } from '../stores/session';
import { useUi } from '../stores/ui';
import { Pane } from './KeepAlive';
import { MenuSearchOverlay } from './MenuSearch';
import { ShellContent } from './ShellContent';
import { ShellDialogs } from './ShellDialogs';
import { Sidebar } from './Sidebar';
import { TabBar } from './TabBar';
import { TopBar } from './TopBar';
import { useSessionBootstrap } from './useSessionBootstrap';
import { useShellRoute } from './useShellRoute';
import './shell.css';

export default function ShellLayout() {
  const signedIn = !!getToken();
  const showMenu = useUi((s) => s.showMenu);
  const collapse = useUi((s) => s.collapse);
  const screen = useUi((s) => s.screen);
  const { loadError, retry } = useSessionBootstrap(signedIn);
  const { location, current, fullPath, panes } = useShellRoute(signedIn);

  // a public page (meta isAuth false) opened without signing in stands alone
  if (!signedIn) {
    if (current.kind === 'page' && current.isAuth === false) {
      return (
        <QueryClientProvider client={queryClient}>
          <AppFeedback>
            <div className="swp-standalone">
              <Pane
                value={fullPath}
                pathname={location.pathname}
                search={location.search}
                active
                screen={current.screen}
                label={current.label}
              />
            </div>
          </AppFeedback>
        </QueryClientProvider>
      );
    }
    return <Navigate to="/login" replace />;
  }

  return (
    <QueryClientProvider client={queryClient}>
      <AppFeedback>
        <Layout className={`swp-layout${collapse ? ' is-collapsed' : ''} swp-screen-${screen}`} hasSider>
          {showMenu && <Sidebar />}
          {showMenu && screen === 0 && !collapse && (
            <div className="swp-sider-mask" onClick={() => useUi.getState().setCollapse(true)} aria-hidden />
          )}
          <Layout className="swp-main">
            <TopBar />
            <TabBar />
            <Layout.Content className="swp-content">
              <ShellContent loadError={loadError} retry={retry} panes={panes} fullPath={fullPath} />
            </Layout.Content>
          </Layout>
          <MenuSearchOverlay />
          <ShellDialogs />
        </Layout>
      </AppFeedback>
    </QueryClientProvider>
  );
}
