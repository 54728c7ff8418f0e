/**
 * A save behind a busy flag (its OK or 保存 button spins): runs the server call, then says `done` and goes on with
 * `then`; a refusal has been shown by the HTTP client, so the dialog or form just stays. Shared by the screens that
 * save this way (plan audit, task reassignment, tenant settings, the profile forms, the access rules, the data
 * interface and new table dialogs).
 */
import { App } from 'antd';
import { useState } from 'react';

export function useBusyCall() {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>, done: string, then: () => void) => {
    setBusy(true);
    try {
      await call();
      message.success(done);
      then();
    } catch {
      // the HTTP client has shown the server's reason
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
