/**
 * The routes of spec 1 §2.1. Public pages (/login, /lock, /403, /404, /500, /list-operate/shutValue, /screen/:code) stand alone; everything else goes
 * through the layout, which builds the signed-in user's routes from the server menu at run time. Every page
 * behind sign-in is lazy, so the login route loads only what it needs.
 */
import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { loadFeatureStrings } from '../i18n';
import { Root } from './Root';

const LoginPage = lazy(() => import('../features/login/LoginPage'));
const LockPage = lazy(() => import('../shell/lock/LockPage'));
const ErrorPage = lazy(() => import('../features/errors/ErrorPage'));
// the crew's valve list from a shared link: public, stands alone like the sign-in page
const ShutValuePage = lazy(() =>
  Promise.all([import('../features/shutValue/ShutValuePage'), loadFeatureStrings()]).then(([m]) => m),
);
// a big screen for a wall display: outside the shell, signed in or through a share link
const ScreenPage = lazy(() =>
  Promise.all([import('../features/screen/ScreenPage'), loadFeatureStrings()]).then(([m]) => m),
);
// the signed-in shell shows once every feature's strings are in; it brings how a navigation opens its tab
let openTabForLocation: ((pathname: string, search: string) => void) | undefined;
const Layout = lazy(() =>
  Promise.all([import('../shell/Layout'), import('../shell/routeTab'), loadFeatureStrings()]).then(([m, tabs]) => {
    openTabForLocation = tabs.openTabForLocation;
    return m;
  }),
);

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate to="/wel" replace /> },
      { path: '/wel', element: <Navigate to="/wel/index" replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/lock', element: <LockPage /> },
      { path: '/403', element: <ErrorPage status="403" /> },
      { path: '/404', element: <ErrorPage status="404" /> },
      { path: '/500', element: <ErrorPage status="500" /> },
      { path: '/list-operate/shutValue', element: <ShutValuePage /> },
      { path: '/screen/:code', element: <ScreenPage /> },
      { path: '*', element: <Layout /> },
    ],
  },
]);

// Each navigation into the shell opens its tab as it lands (before the shell has loaded, its first render does).
// react-router 7 renders navigations in transitions, and two that land together (a menu click, then the user menu)
// render once: the shell's effect alone would see only the second.
let landed = '';
router.subscribe((state) => {
  if (state.navigation.state !== 'idle' || state.location.key === landed) return;
  landed = state.location.key;
  if (state.matches.at(-1)?.route.path !== '*') return;
  openTabForLocation?.(state.location.pathname, state.location.search);
});
