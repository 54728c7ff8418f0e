/** Typed calls of `/api/blade-resource`: SMS and OSS configurations, attachments, the file upload. */
import { crudApi, type Row } from './crud';
import { http, requestEnvelope } from './http';

const B = '/api/blade-resource';

export interface UploadedFile {
  name: string;
  originalName: string;
  link: string;
  url?: string;
  domain?: string;
  attachId?: string;
}

export const smsApi = {
  ...crudApi(`${B}/sms`),
  enable: (id: string) => http.post<null>(`${B}/sms/enable`, undefined, { params: { id } }),
  send: (code: string, phones: string, params: string) =>
    http.post<null>(`${B}/sms/endpoint/send-message`, undefined, { params: { code, phones, params } }),
};
export const ossApi = {
  ...crudApi(`${B}/oss`),
  enable: (id: string) => http.post<null>(`${B}/oss/enable`, undefined, { params: { id } }),
};
export interface Attach extends Row {
  id: string;
  link: string;
  domainUrl?: string;
  name: string;
  originalName: string;
  extension?: string;
  attachSize?: number;
}
export const attachApi = crudApi<Attach>(`${B}/attach`);

export const PUT_FILE = `${B}/oss/endpoint/put-file`;

/** POST a file (multipart field `file`); the envelope is returned as is so the caller shows the server's msg. */
export function putFile(file: File | Blob, name?: string) {
  const fd = new FormData();
  fd.append('file', file, name ?? (file as File).name);
  return requestEnvelope<UploadedFile>('POST', PUT_FILE, { data: fd, silent: true });
}

/** Download a stored file through `/api/file/Download/{a}/{b}` (a link served by the server). */
export const downloadUrl = (link: string) => link;
