/**
 * The shell's session dialogs, loaded on demand: the area/role switch a sign-in left pending (cancel signs out),
 * and the registration form for a user who still has to register.
 */
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { needsRegistration } from '../lib/register';
import { useSession } from '../stores/session';

const RegisterDialog = lazy(() => import('./RegisterDialog'));
const SwitchDialog = lazy(() => import('./SwitchDialog'));

export function ShellDialogs() {
  const navigate = useNavigate();
  const userInfo = useSession((s) => s.userInfo);
  const pendingSwitch = useSession((s) => s.pendingSwitch);
  return (
    <>
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
    </>
  );
}
