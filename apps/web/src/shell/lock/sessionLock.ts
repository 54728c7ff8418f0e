/**
 * The lock holds for the session, not one tab (issue 24 item 9): locking tells the server (which then refuses the
 * session's calls with 423, in any tab) and the other tabs (a BroadcastChannel); each remembers the page it was
 * showing and returns there on unlock. Unlocking is checked by the server with the lock password, so a tab that
 * never saw the password (another tab set it) unlocks too, and tells the others.
 */
import { lockSessionCall, unlockSessionCall } from '../../api/auth';
import { HttpError } from '../../api/http';
import { navigateTo } from '../../lib/nav';
import { getStore, setStore } from '../../lib/storage';
import { website } from '../../lib/website';
import { useUi } from '../../stores/ui';

type LockMessage = { type: 'lock' } | { type: 'unlock' };
const CHANNEL = 'swp-session-lock';
let channel: BroadcastChannel | undefined;

function bus(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  channel ??= new BroadcastChannel(CHANNEL);
  return channel;
}

/** The page to return to after unlocking (this tab's), kept in session storage across the lock page's reloads. */
export function lockReturnPath(): string {
  return getStore<string>('lockReturn', 'session') || website.firstPage.value;
}

function rememberPage() {
  const here = `${location.pathname}${location.search}`;
  if (location.pathname !== website.lockPage) setStore('lockReturn', here, 'session');
}

/** Locks this tab (the page it shows is kept) and goes to the lock page after the spec's delay. */
function lockHere(delay = website.lockDelayMs) {
  rememberPage();
  useUi.getState().setLock();
  setTimeout(() => {
    if (location.pathname !== website.lockPage) navigateTo(website.lockPage, { replace: true });
  }, delay);
}

/** The lock button: lock the session on the server, this tab and every other tab of the session. */
export function lockSession(password: string) {
  lockHere();
  bus()?.postMessage({ type: 'lock' } satisfies LockMessage);
  void lockSessionCall(password).catch(() => undefined);
}

function unlockHere() {
  const back = lockReturnPath();
  // the lock page also leaves for lockReturnPath() once the lock is cleared, so the entry stays (the next lock
  // overwrites it)
  useUi.getState().clearLock();
  navigateTo(back, { replace: true });
}

/** Unlock with the lock password (checked by the server); false when it is wrong. */
export async function unlockSession(password: string): Promise<boolean> {
  try {
    await unlockSessionCall(password);
  } catch (e) {
    if (e instanceof HttpError && e.code === 400) return false;
    // the session is gone or the server unreachable: only the tab's own password can tell
    if (!useUi.getState().unlock(password)) return false;
  }
  unlockHere();
  bus()?.postMessage({ type: 'unlock' } satisfies LockMessage);
  return true;
}

/** The server refused a call because the session is locked (another tab locked it): lock this tab too. */
export function lockedByServer() {
  if (!useUi.getState().isLock) lockHere(0);
}

let listening = false;
/** Follows the other tabs of the session (once per tab). */
export function listenToOtherTabs() {
  if (listening) return;
  listening = true;
  bus()?.addEventListener('message', (e: MessageEvent<LockMessage>) => {
    if (e.data?.type === 'lock' && !useUi.getState().isLock) lockHere(0);
    if (e.data?.type === 'unlock' && useUi.getState().isLock) unlockHere();
  });
}
