/** The field app's administration calls (modules/app on the server). */
import type { AppSettings } from '@swp/contract';
import { http } from '../../api/http';

const B = '/api/swp-app';

export type { AppSettings };

export interface AppDevice {
  id: string;
  deviceId: string;
  account: string;
  realName: string;
  appVersion: string | null;
  userAgent: string | null;
  firstSeen: string;
  lastSeen: string;
  revoked: number;
  revokeTime: string | null;
}

export interface ReleaseNote {
  id: string;
  version: string;
  title: string;
  content: string;
  releaseTime: string;
}

export const appAdminApi = {
  settings: () => http.get<AppSettings>(`${B}/setting/detail`),
  saveSettings: (s: AppSettings) => http.post<AppSettings>(`${B}/setting/submit`, s),
  devices: (q: { current: number; size: number; realName?: string }) =>
    http.get<{ records: AppDevice[]; total: number }>(`${B}/device/page`, q),
  revoke: (id: string) => http.post<{ sessionsEnded: number }>(`${B}/device/revoke`, { id }),
  notes: () => http.get<ReleaseNote[]>(`${B}/release-note/list`),
  saveNote: (n: Partial<ReleaseNote>) => http.post<ReleaseNote>(`${B}/release-note/submit`, n),
  removeNote: (id: string) => http.post(`${B}/release-note/remove`, { ids: id }),
};
