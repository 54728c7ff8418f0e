/**
 * The signed-in application shell (spec 1 §2.3, §2.4): side menu, top bar, tab bar and the kept-alive tab pages.
 * It loads the session's menus, top menus, buttons and user info, runs the token check, tracks the screen size,
 * resolves every path against the fixed routes, the screen registry and the server menu (unknown → /404), adds
 * tabs as the guard says, and titles the page with the tab label.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { Button, Layout, Result } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AppFeedback } from '../components/AppFeedback';
import { PageSpin } from '../components/PageSpin';
import { loaderFor, screenLoaders, screenTitles } from '../features/registry';
import { menuVisible, tabAllowed } from '../lib/guard';
import { queryClient } from '../lib/queryClient';
import { needsRegistration } from '../lib/register';
import { type ResolveContext, resolveRoute } from '../lib/routes';
import { createTokenTimer } from '../lib/tokenTimer';
import { website } from '../lib/website';
import { getToken, getTokenTime, useSession } from '../stores/session';
import { useTabs } from '../stores/tabs';
import { useUi } from '../stores/ui';
import { Pane } from './KeepAlive';
import { MenuSearchOverlay } from './MenuSearch';
import { prefetchMenuScreens } from './prefetch';
import { Sidebar } from './Sidebar';
import { TabBar } from './TabBar';
import { TopBar } from './TopBar';
import { tabTitle } from './translate';
import './shell.css';

const RegisterDialog = lazy(() => import('./RegisterDialog'));
const SwitchDialog = lazy(() => import('./SwitchDialog'));

/** the registry key serving a path (exact, or a `/a/:id` pattern) */
function screenFor(path: string): string | undefined {
  if (screenLoaders[path]) return path;
  const loader = loaderFor(path);
  return loader ? Object.keys(screenLoaders).find((k) => screenLoaders[k] === loader) : undefined;
}

function splitPath(value: string) {
  const u = new URL(value, 'http://local');
  return { pathname: u.pathname, search: u.search };
}

export default function ShellLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const signedIn = !!getToken();
  const menuLoaded = useSession((s) => s.menuLoaded);
  const menuAll = useSession((s) => s.menuAll);
  const userInfo = useSession((s) => s.userInfo);
  const pendingSwitch = useSession((s) => s.pendingSwitch);
  const tabs = useTabs((s) => s.list);
  const versions = useTabs((s) => s.versions);
  const showMenu = useUi((s) => s.showMenu);
  const collapse = useUi((s) => s.collapse);
  const screen = useUi((s) => s.screen);
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

  const ctx: ResolveContext = useMemo(
    () => ({ menuAll, screenFor, titleOf: (screen: string) => screenTitles[screen] }),
    [menuAll],
  );
  const fullPath = location.pathname + location.search;
  const current = useMemo(() => resolveRoute(location.pathname, location.search, ctx), [location, ctx]);

  // after each navigation: unknown paths go to /404; the menu flag; the tab (spec 1 §2.2)
  useEffect(() => {
    if (!signedIn || !menuLoaded) return;
    if (current.kind === 'notFound') {
      navigate('/404', { replace: true });
      return;
    }
    const query = Object.fromEntries(new URLSearchParams(location.search));
    useUi.getState().setShowMenu(menuVisible({}, query));
    if (tabAllowed({ isTab: current.isTab }, current.label, fullPath)) {
      useTabs.getState().add({
        label: current.label,
        value: fullPath,
        params: {},
        query,
        meta: {
          ...(current.i18n ? { i18n: current.i18n } : {}),
          ...(current.nameEn ? { nameEn: current.nameEn } : {}),
        },
        group: [],
      });
    }
  }, [signedIn, menuLoaded, current, fullPath, location.search, navigate]);

  // the code of every screen in the user's menu is fetched in idle time, so a first open does not wait for it
  useEffect(() => {
    if (!signedIn || !menuLoaded) return;
    return prefetchMenuScreens(menuAll);
  }, [signedIn, menuLoaded, menuAll]);

  // the page title follows the tab label (and the language)
  const activeTab = tabs.find((tab) => tab.value === fullPath);
  const title = activeTab
    ? tabTitle(activeTab, i18n.language)
    : current.kind === 'page'
      ? tabTitle({ label: current.label, meta: { i18n: current.i18n, nameEn: current.nameEn } }, i18n.language)
      : '';
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  const panes = useMemo(() => {
    const entries = tabs.map((tab) => ({ value: tab.value, label: tab.label }));
    if (current.kind === 'page' && !entries.some((e) => e.value === fullPath)) {
      entries.push({ value: fullPath, label: current.label });
    }
    return entries.map((e) => {
      const { pathname, search } = splitPath(e.value);
      const r = resolveRoute(pathname, search, ctx);
      return { ...e, pathname, search, screen: r.kind === 'page' ? r.screen : undefined };
    });
  }, [tabs, current, fullPath, ctx]);

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

  let content: React.ReactNode;
  if (loadError) {
    content = (
      <Result
        status="error"
        title={loadError}
        extra={
          <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (!menuLoaded) {
    content = <PageSpin />;
  } else {
    content = panes.map((p) => (
      <Pane
        key={`${p.value}#${versions[p.value] ?? 0}`}
        value={p.value}
        pathname={p.pathname}
        search={p.search}
        active={p.value === fullPath}
        screen={p.screen}
        label={p.label}
      />
    ));
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
            <Layout.Content className="swp-content">{content}</Layout.Content>
          </Layout>
          <MenuSearchOverlay />
          {pendingSwitch && (
            <Suspense>
              <SwitchDialog
                open
                userId={String(userInfo?.user_id ?? '')}
                onCancel={() => {
                  void useSession
                    .getState()
                    .logout()
                    .then(() => navigate('/login', { replace: true }));
                }}
                onDone={() => useSession.getState().setPendingSwitch(false)}
              />
            </Suspense>
          )}
          {userInfo && needsRegistration(userInfo.user_id) && (
            <Suspense>
              <RegisterDialog />
            </Suspense>
          )}
        </Layout>
      </AppFeedback>
    </QueryClientProvider>
  );
}
