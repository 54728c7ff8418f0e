/**
 * A dialog's save behind a busy flag (the OK button spins): runs the server call, then says `done` and goes on
 * with `then`; a refusal has been shown by the HTTP client, so the dialog just stays. Shared by the dialogs that
 * save this way (plan audit, task reassignment, new table, data interface).
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
