/** Typed calls of `/api/blade-desk` (notices, spec 1 §7.2). */
import { crudApi, type Row } from './crud';

export interface Notice extends Row {
  id: string;
  title: string;
  category: number;
  releaseTime?: string;
  content?: string;
}

export const noticeApi = crudApi<Notice>('/api/blade-desk/notice');
