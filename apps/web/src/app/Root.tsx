/** Runs the route guard (spec 1 §2.2) on every navigation and renders the matched route. */
import { Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PageSpin } from '../components/PageSpin';
import { decide } from '../lib/guard';
import { setNavigator } from '../lib/nav';
import { fixedRoute, isPublicPage, isScreenLink } from '../lib/routes';
import { website } from '../lib/website';
import { getToken, useSession } from '../stores/session';
import { useUi } from '../stores/ui';

export { PageSpin };

function ForcedLogout() {
  const navigate = useNavigate();
  useEffect(() => {
    useSession.getState().fedLogout();
    navigate('/login', { replace: true });
  }, [navigate]);
  return null;
}

export function Root() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const locked = useUi((s) => s.isLock);

  useLayoutEffect(() => {
    setNavigator((to, opts) => navigate(to, opts));
    return () => setNavigator(undefined);
  }, [navigate]);

  const query = Object.fromEntries(new URLSearchParams(location.search));
  const fullPath = location.pathname + location.search;
  const fixed = fixedRoute(location.pathname);
  const decision = decide({
    pathname: location.pathname,
    fullPath,
    query,
    signedIn: !!getToken(),
    token,
    locked,
    meta: { isAuth: isPublicPage(location.pathname) || isScreenLink(location.pathname, query) ? false : fixed?.isAuth },
    label: fullPath,
    firstPage: website.firstPage.value,
    defaultPath: website.defaultPath,
    lockPage: website.lockPage,
  });

  const windowUrl = decision.kind === 'window' ? decision.url : '';
  useEffect(() => {
    if (!windowUrl) return;
    window.open(windowUrl, '_blank', 'noopener');
    // stay where we were: back to the previous page, or the first page on a direct visit
    if (window.history.length > 1) navigate(-1);
    else navigate(website.firstPage.value, { replace: true });
  }, [windowUrl, navigate]);

  // the login page is titled 登录; other pages set their own title (the layout from the tab label)
  useEffect(() => {
    if (location.pathname === '/login') document.title = t('login.pageTitle');
  }, [location.pathname, t]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'logout') return <ForcedLogout />;
  if (decision.kind === 'window') return null;
  return (
    <Suspense fallback={<PageSpin />}>
      <Outlet />
    </Suspense>
  );
}
