/** The columns of the server logs (usual, API, error): the shared columns and each kind's own, for LogPage. */
import type { CrudColumn } from '../../components/crud';

export type LogKind = 'usual' | 'api' | 'error';

const base: CrudColumn[] = [
  { prop: 'serviceId', label: 'log.serviceId', search: true, width: 120 },
  { prop: 'serverHost', label: 'log.serverHost', hide: true },
  { prop: 'serverIp', label: 'log.serverIp', hide: true },
  { prop: 'env', label: 'log.env', hide: true },
  { prop: 'title', label: 'log.title', search: true, ellipsis: true },
  { prop: 'method', label: 'log.method', width: 90 },
  { prop: 'requestUri', label: 'log.requestUri', search: true, ellipsis: true },
  { prop: 'remoteIp', label: 'log.remoteIp', width: 130 },
  { prop: 'userAgent', label: 'log.userAgent', hide: true, type: 'textarea' },
  { prop: 'params', label: 'log.params', hide: true, type: 'textarea', rows: 4 },
  { prop: 'createBy', label: 'log.createBy', search: true, width: 110 },
  { prop: 'createTime', label: 'log.createTime', width: 170 },
];

export const logColumns = (kind: LogKind): CrudColumn[] => {
  if (kind === 'usual') return [{ prop: 'logLevel', label: 'log.logLevel', search: true, width: 90 }, ...base];
  if (kind === 'api') return [...base.slice(0, 8), { prop: 'time', label: 'log.time', width: 100 }, ...base.slice(8)];
  return [
    ...base,
    { prop: 'exceptionName', label: 'log.exceptionName', ellipsis: true },
    { prop: 'message', label: 'log.message', type: 'textarea', hide: true },
    { prop: 'fileName', label: 'log.fileName', hide: true },
    { prop: 'lineNumber', label: 'log.lineNumber', hide: true },
    { prop: 'stackTrace', label: 'log.stackTrace', type: 'textarea', rows: 10, hide: true },
  ];
};
