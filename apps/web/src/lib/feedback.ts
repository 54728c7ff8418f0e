/**
 * antd's message, modal and notification bound to the app's ConfigProvider (theme, locale), for code outside
 * components (the HTTP client's toasts, store actions). Set once by <FeedbackBinder/> inside antd's <App>.
 */
import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;
/** message always; modal and notification where antd's <App> is mounted (the signed-in shell) */
export type Feedback = Pick<AppApi, 'message'> & Partial<Pick<AppApi, 'modal' | 'notification'>>;

let current: Feedback | undefined;

export function setFeedback(f: Feedback) {
  current = f;
}

export function feedback(): Feedback | undefined {
  return current;
}

export function toastError(text: string) {
  if (current) void current.message.error(text);
  else console.error(text);
}
