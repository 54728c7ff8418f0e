import type { ScreenLoader } from '../registry';

export const screens: Record<string, ScreenLoader> = {
  '/resource/oss': () => import('./OssPage'),
  '/resource/attach': () => import('./AttachPage'),
  '/resource/sms': () => import('./SmsPage'),
};
