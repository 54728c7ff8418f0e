/**
 * Keep-alive tab pages: every open tab's page stays mounted and only the active one is shown, so form input,
 * table page and scroll position survive switching tabs. Each page sees its own tab's location (useLocation,
 * useSearchParams, useParams answer for the tab, not for whichever tab is active).
 * Pages may read `usePaneActive()` (lib/paneActive) to pause work while hidden (timers, chart resizes).
 */
import { Button, Empty, Result, Typography } from 'antd';
import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  memo,
  type ReactNode,
  Suspense,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { PageSpin } from '../components/PageSpin';
import { screenLoaders } from '../features/registry';
import { PaneContext } from '../lib/paneActive';
import { useErrorLog } from '../stores/errorLog';
import { loadedScreen, loadScreen } from './prefetch';

const components = new Map<string, ComponentType<any> | LazyExoticComponent<ComponentType<any>>>();

/**
 * The component of a registered screen, the same one for the page's lifetime: the module itself when its code was
 * fetched ahead (`shell/prefetch`), so the first render does not suspend; else a lazy one.
 */
function screenComponent(screen: string) {
  let c = components.get(screen);
  if (!c) {
    const loader = screenLoaders[screen];
    c = loadedScreen(loader) ?? lazy(() => loadScreen(loader));
    components.set(screen, c);
  }
  return c;
}

/** The empty state for a menu entry whose screen does not exist yet (never a fake page). */
export function NotAvailable({ name, path }: { name: string; path: string }) {
  const { t } = useTranslation();
  return (
    <div className="swp-not-available">
      <Empty
        description={
          <>
            <div className="swp-not-available-title">{t('shell.notAvailable')}</div>
            <Typography.Text type="secondary">{t('shell.notAvailableHint', { name, path })}</Typography.Text>
          </>
        }
      />
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  fallback(error: Error, retry: () => void): ReactNode;
}

/** Catches a page's render error (or a failed chunk load), logs it as a bug, and offers a retry. */
export class PageBoundary extends Component<BoundaryProps, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: { componentStack?: string | null }) {
    useErrorLog.getState().add({
      type: 'bug',
      url: location.href,
      message: error.message,
      stack: error.stack,
      info: info.componentStack ?? undefined,
    });
  }
  override render() {
    if (this.state.error) return this.props.fallback(this.state.error, () => this.setState({ error: undefined }));
    return this.props.children;
  }
}

function PageFailed({ error, retry }: { error: Error; retry(): void }) {
  const { t } = useTranslation();
  const chunk = /Failed to fetch dynamically imported module|Importing a module script failed|ChunkLoadError/i.test(
    error.message,
  );
  return (
    <Result
      status="error"
      title={t(chunk ? 'shell.chunkError' : 'shell.pageError')}
      subTitle={error.message}
      extra={
        <Button type="primary" onClick={chunk ? () => location.reload() : retry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

export interface PaneProps {
  value: string;
  pathname: string;
  search: string;
  active: boolean;
  /** registry key of the screen, or undefined when none is registered */
  screen?: string;
  label: string;
}

function PaneBody({ pathname, search, value, screen, label }: Omit<PaneProps, 'active'>) {
  const location = useMemo(() => ({ pathname, search, hash: '', state: null, key: value }), [pathname, search, value]);
  if (!screen) return <NotAvailable name={label} path={pathname} />;
  const Screen = screenComponent(screen);
  const pattern = screen.includes(':') ? screen.replace(/^\//, '') : '*';
  return (
    <Routes location={location}>
      {pattern !== '*' && <Route path={pattern} element={<Screen />} />}
      <Route path="*" element={<Screen />} />
    </Routes>
  );
}

/** One tab's page: mounted while the tab is open, visible while it is active, scroll kept. */
export const Pane = memo(function Pane(props: PaneProps) {
  const { active, value } = props;
  const ref = useRef<HTMLDivElement>(null);
  const scroll = useRef({ top: 0, left: 0 });
  const ctx = useMemo(() => ({ active, value }), [active, value]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (active && el) {
      el.scrollTop = scroll.current.top;
      el.scrollLeft = scroll.current.left;
    }
  }, [active]);

  return (
    <div
      ref={ref}
      className="swp-pane"
      hidden={!active}
      data-tab={value}
      onScroll={(e) => {
        if (active) scroll.current = { top: e.currentTarget.scrollTop, left: e.currentTarget.scrollLeft };
      }}
    >
      <PaneContext.Provider value={ctx}>
        <PageBoundary fallback={(error, retry) => <PageFailed error={error} retry={retry} />}>
          <Suspense fallback={<PageSpin />}>
            <PaneBody {...props} />
          </Suspense>
        </PageBoundary>
      </PaneContext.Provider>
    </div>
  );
});
