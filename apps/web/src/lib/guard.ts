/**
 * The route guard of spec 1 §2.2 as a pure decision, run on every navigation.
 *
 * Signed in (a token cookie exists):
 *  1. screen locked and the target is not the lock page → the lock page;
 *  2. target is the first page and a default path exists → the default path;
 *  3. the login path → the root;
 *  4. an empty token in the session state → forced local sign-out, then /login;
 *  5. a `target` query flag → open the address in a new window;
 *  6. otherwise pass, adding a tab unless meta isTab is false or the label or path is empty.
 * Not signed in: routes whose meta isAuth is false pass; all others go to /login.
 */
export interface GuardInput {
  pathname: string;
  /** path and query, the tab's value */
  fullPath: string;
  query: Record<string, string>;
  /** a token cookie exists */
  signedIn: boolean;
  /** the token held in the session state */
  token: string;
  locked: boolean;
  meta: { isAuth?: boolean; isTab?: boolean; menu?: unknown };
  /** the tab label the target resolves to ('' when unknown) */
  label: string;
  firstPage: string;
  defaultPath?: string;
  lockPage?: string;
}

export type GuardDecision =
  | { kind: 'redirect'; to: string }
  | { kind: 'logout'; to: '/login' }
  | { kind: 'window'; url: string }
  | { kind: 'pass'; addTab: boolean };

export function decide(input: GuardInput): GuardDecision {
  const lockPage = input.lockPage ?? '/lock';
  if (input.signedIn) {
    if (input.locked && input.pathname !== lockPage) return { kind: 'redirect', to: lockPage };
    if (input.pathname === input.firstPage && input.defaultPath && input.defaultPath !== input.firstPage) {
      return { kind: 'redirect', to: input.defaultPath };
    }
    if (input.pathname === '/login') return { kind: 'redirect', to: '/' };
    if (!input.token) return { kind: 'logout', to: '/login' };
    if (input.query.target) {
      const { target: _t, ...rest } = input.query;
      const qs = new URLSearchParams(rest).toString();
      return { kind: 'window', url: input.query.src || input.pathname + (qs ? `?${qs}` : '') };
    }
    return { kind: 'pass', addTab: tabAllowed(input.meta, input.label, input.fullPath) };
  }
  if (input.meta.isAuth === false) return { kind: 'pass', addTab: false };
  return { kind: 'redirect', to: '/login' };
}

/** A tab is added unless meta isTab is false or the label or path is empty. */
export function tabAllowed(meta: { isTab?: boolean }, label: string, value: string): boolean {
  return meta.isTab !== false && !!label && !!value;
}

/**
 * The menu-visible flag: from the route meta, else the `menu` query. Absent → the side menu shows;
 * `false`/'false' hides it.
 */
export function menuVisible(meta: { menu?: unknown }, query: Record<string, string>): boolean {
  const v = meta.menu !== undefined ? meta.menu : query.menu;
  if (v === undefined) return true;
  return !(v === false || v === 'false' || v === '0');
}
