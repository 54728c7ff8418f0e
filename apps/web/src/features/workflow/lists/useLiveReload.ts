/**
 * A live inbox (issue 24): every workflow notice (new task, transfer, delegation, urge, copy) reaches the person as
 * a site message over the live channel, so a message reloads the list; and coming back to the list's tab (the
 * menu entry or the tab bar) asks again, as a hidden tab may have missed changes made elsewhere.
 */
import { useEffect, useRef } from 'react';
import type { CrudHandle } from '../../../components/crud';
import { useLiveEvent } from '../../../shell/bell/useLiveEvent';
import { usePaneActive } from '../../../shell/KeepAlive';

/** The list's handle to give the CrudPage; the list reloads through it. */
export function useLiveReload() {
  const handle = useRef<CrudHandle | null>(null);
  useLiveEvent('message', () => handle.current?.reload(), 500);
  const active = usePaneActive();
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) handle.current?.reload();
    wasActive.current = active;
  }, [active]);
  return handle;
}
