/**
 * Navigation from outside React (the HTTP client's 401 rule, store actions): the router registers its navigate
 * function at start; before that, a full page load does the job.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigate | undefined;

export function setNavigator(fn: Navigate | undefined) {
  navigator = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }) {
  if (navigator) navigator(to, opts);
  else if (typeof window !== 'undefined') window.location.assign(to);
}
