/** Typed calls of `/api/blade-message/record`: the signed-in user's own message box (bell and message centre). */
import type { Page } from '@swp/contract';
import { http } from './http';

export const UNREAD = 'UN_READABLE';
export const READ = 'READ';
/** 1 notices, 2 work orders, 3 alarms, 4 workflow to-dos */
export const MESSAGE_TYPES = [1, 2, 3, 4] as const;

export interface MessageRecord {
  id: string;
  messageType: number;
  messageStatus: string;
  title: string;
  content: string;
  sendTime: string;
  [k: string]: unknown;
}

const base = '/api/blade-message/record';

export const messageApi = {
  page: (params: { current: number; size: number; messageType?: number; messageStatus?: string; title?: string }) =>
    http.get<Page<MessageRecord>>(`${base}/page`, params),
  countByType: (messageStatus = UNREAD) =>
    http.get<{ messageType: number; count: number }[]>(`${base}/count`, { messageStatus }),
  countAll: () => http.get<number>(`${base}/count-all`),
  detail: (id: string) => http.get<MessageRecord | null>(`${base}/detail`, { id }),
  read: (ids: string[]) => http.post<null>(`${base}/read`, undefined, { params: { ids: ids.join(',') } }),
  remove: (ids: string[]) => http.post<null>(`${base}/remove`, undefined, { params: { ids: ids.join(',') } }),
};
