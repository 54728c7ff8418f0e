/**
 * antd's <App> (message, modal, notification bound to the theme and locale) for the pages behind sign-in. Kept
 * out of the login route's bundle: the sign-in page uses a message holder only.
 */
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { setFeedback } from '../lib/feedback';

function Binder() {
  const { message, modal, notification } = AntApp.useApp();
  setFeedback({ message, modal, notification });
  return null;
}

export function AppFeedback({ children, bind = true }: { children: ReactNode; bind?: boolean }) {
  return (
    <AntApp component={false}>
      {bind && <Binder />}
      {children}
    </AntApp>
  );
}
