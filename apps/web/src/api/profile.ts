/** Typed calls for the signed-in user's own profile (/info/index) and the home page. */
import { md5 } from 'js-md5';
import { http, requestEnvelope } from './http';
import type { UploadedFile } from './resource';

export interface UserInfo {
  id: string;
  account: string;
  name?: string;
  realName?: string;
  avatar?: string;
  email?: string;
  phone?: string;
  deptName?: string;
  roleName?: string;
  postName?: string;
  tenantId?: string;
  [k: string]: unknown;
}

export const hashPassword = (plain: string) => md5(plain);

export const profileApi = {
  info: () => http.get<UserInfo>('/api/blade-user/info'),
  updateInfo: (data: Partial<UserInfo>) => http.post<null>('/api/blade-user/update-info', data),
  updatePassword: (oldPassword: string, newPassword: string, newPassword1: string) =>
    requestEnvelope<null>('POST', '/api/blade-user/update-password', {
      params: {
        oldPassword: hashPassword(oldPassword),
        newPassword: hashPassword(newPassword),
        newPassword1: hashPassword(newPassword1),
      },
    }),
  upload: (file: File) => {
    const fd = new FormData();
    fd.append('file', file);
    return http.post<UploadedFile>('/api/blade-resource/oss/endpoint/put-file', fd);
  },
};
