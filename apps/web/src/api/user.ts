/** Typed calls of `/api/blade-user` (spec 1 §7.2, spec 2 §7). */
import type { Page } from '@swp/contract';
import { crudApi, type Row } from './crud';
import { http, requestEnvelope } from './http';
import type { UserHit } from './system';

const B = '/api/blade-user';

export interface User extends Row {
  id: string;
  tenantId: string;
  account: string;
  name?: string;
  realName?: string;
  email?: string;
  phone?: string;
  sex?: number;
  userType: number;
  roleId: string;
  deptId: string;
  postId: string;
  status?: number;
  tenantName?: string;
  roleName?: string;
  deptName?: string;
  postName?: string;
  userTypeName?: string;
}

const base = crudApi<User>(B, { list: 'page' });

export const userApi = {
  ...base,
  update: (row: Partial<User>) => http.post<null>(`${B}/update`, row),
  platformDetail: (id: string) => http.get<Row | null>(`${B}/platform-detail`, { id }),
  updatePlatform: (userId: string, userType: number, userExt: string) =>
    http.post<null>(`${B}/update-platform`, undefined, { params: { userId, userType, userExt } }),
  resetPassword: (userIds: string[]) =>
    http.post<null>(`${B}/reset-password`, undefined, { params: { userIds: userIds.join(',') } }),
  grant: (userIds: string[], roleIds: string[]) =>
    http.post<null>(`${B}/grant`, undefined, { params: { userIds: userIds.join(','), roleIds: roleIds.join(',') } }),
  unlock: (userIds: string[]) => http.post<null>(`${B}/unlock`, undefined, { params: { userIds: userIds.join(',') } }),
  /** people search of the user picker: id, realName, avatar, deptName, postName */
  search: (params: { current: number; size: number; realName?: string; deptId?: string; [k: string]: unknown }) =>
    http.get<Page<UserHit>>(`${B}/search/user`, params),
  exportUrl: `${B}/export-user`,
  templateUrl: `${B}/export-template`,
  importUrl: `${B}/import-user`,
  /** xlsx import: the server's message is shown as it comes (code 200 success, else error) */
  importFile: (file: File, isCovered: boolean) => {
    const fd = new FormData();
    fd.append('file', file);
    return requestEnvelope<null>('POST', `${B}/import-user`, {
      data: fd,
      params: { isCovered: isCovered ? 1 : 0 },
      silent: true,
    });
  },
};
