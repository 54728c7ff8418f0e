/**
 * Low-code calls (spec 2 §7 "Low-code and code generation", "Data services", the business forms of
 * `/api/blade-business`): online modules (`/api/visualdev/Base`), their records (`/api/visualdev/OnlineDev`),
 * code generation, business forms, data sources, data models, data interfaces, data sync and backups.
 */
import type { Envelope, JnpfPage, LcImportReport, LcModule } from '@swp/contract';
import { crudApi, jnpfApi, type Row } from './crud';
import { fileNameOf, http, type RequestOptions, requestEnvelope } from './http';

const V = '/api/visualdev';
const S = '/api/system';
const B = '/api/blade-business';
const D = '/api/blade-develop';

/** A JNPF list reply (paged or not) as rows plus a total. */
export function listOf<T>(data: JnpfPage<T> | { list: T[] } | T[] | null | undefined): { list: T[]; total: number } {
  if (!data) return { list: [], total: 0 };
  if (Array.isArray(data)) return { list: data, total: data.length };
  const list = data.list ?? [];
  const total = 'pagination' in data && data.pagination ? Number(data.pagination.total) : list.length;
  return { list, total };
}

// ---- online modules -------------------------------------------------------------------------------------------

export const visualDevApi = {
  ...jnpfApi<LcModule>(`${V}/Base`),
  info: (id: string) => http.get<LcModule>(`${V}/Base/${id}`),
  create: (m: Partial<LcModule>) => http.post<{ id: string }>(`${V}/Base`, m),
  update: (id: string, m: Partial<LcModule>) => http.put<null>(`${V}/Base/${id}`, m),
  delete: (id: string) => http.delete<null>(`${V}/Base/${id}`),
  copy: (id: string) => http.post<null>(`${V}/Base/${id}/Actions/Copy`),
  /** the module's value fields `{ list: [{ vmodel, label }] }` */
  formDataFields: (id: string) => http.get<{ list: Row[] }>(`${V}/Base/${id}/FormDataFields`),
  fieldDataSelect: (id: string, params?: Row) => http.get<any>(`${V}/Base/${id}/FieldDataSelect`, params),
  selector: () => http.get<{ list: Row[] }>(`${V}/Base/Selector`),
  /** publish: binds a category-3 menu entry (propertyJson carries the module id) under `menuParentId` (default 在线应用) */
  release: (id: string, body: { menuParentId?: string; icon?: string; sort?: number } = {}) =>
    http.post<{ menuId?: string } | null>(`${V}/Base/${id}/Actions/Release`, body),
  unrelease: (id: string) => http.post<null>(`${V}/Base/${id}/Actions/Unrelease`),
};

export const generaterApi = {
  areasName: () => http.get<any>(`${V}/Generater/AreasName`),
  preview: (id: string, body: Row = {}) =>
    http.post<{ list?: { fileName?: string; path?: string; content?: string; fileContent?: string }[] } | any[]>(
      `${V}/Generater/${id}/Actions/CodePreview`,
      body,
    ),
  download: (id: string, body: Row = {}) =>
    http.blob('POST', `${V}/Generater/${id}/Actions/DownloadCode`, { data: body }, 'code.zip'),
};

export interface ListQuery {
  currentPage?: number;
  pageSize?: number;
  keyword?: string;
  sidx?: string;
  sort?: string;
  /** search fields: `{ field: value }` as JSON text, as JNPF sends it */
  queryJson?: string;
  [k: string]: unknown;
}

/** A record's wire body: JNPF sends the form as JSON text in `data`. */
const body = (values: Row) => ({ data: JSON.stringify(values) });

export const onlineDevApi = {
  config: (moduleId: string) => http.get<LcModule>(`${V}/OnlineDev/${moduleId}/Config`),
  columnData: (moduleId: string) => http.get<any>(`${V}/OnlineDev/${moduleId}/ColumnData`),
  formData: (moduleId: string) => http.get<any>(`${V}/OnlineDev/${moduleId}/FormData`),
  list: async (moduleId: string, q: ListQuery) => {
    const r = await http.post<JnpfPage<Row> | { list: Row[] }>(`${V}/OnlineDev/${moduleId}/List`, q);
    return {
      list: r?.list ?? [],
      pagination: 'pagination' in (r ?? {}) ? (r as JnpfPage<Row>).pagination : undefined,
    };
  },
  create: (moduleId: string, values: Row) => http.post<{ id: string }>(`${V}/OnlineDev/${moduleId}`, body(values)),
  update: (moduleId: string, id: string, values: Row) =>
    http.put<unknown>(`${V}/OnlineDev/${moduleId}/${id}`, body(values)),
  /** a record: JNPF answers `{ id, data: "<json>" }`; plain objects are accepted too */
  get: async (moduleId: string, id: string): Promise<Row | null> =>
    recordOf(await http.get<any>(`${V}/OnlineDev/${moduleId}/${id}`)),
  /** a record with its ids shown as names (users, departments, options) */
  dataChange: async (moduleId: string, id: string): Promise<Row | null> =>
    recordOf(await http.get<any>(`${V}/OnlineDev/${moduleId}/${id}/DataChange`)),
  /** the phone view of a design being edited (checked like a save, nothing stored) */
  appPreview: (body: Row) =>
    http.post<{ formData: string; columnData: string | null }>(`${V}/OnlineDev/App/Preview`, body),
  /** the design as a JSON file for the app */
  appExport: async (moduleId: string) => {
    const res = await http.raw('POST', `${V}/OnlineDev/App/${moduleId}/Actions/ExportData`);
    return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition')) ?? 'app.json' };
  },
  delete: (moduleId: string, id: string) => http.delete<null>(`${V}/OnlineDev/${moduleId}/${id}`),
  batchDelete: (moduleId: string, ids: string[]) => http.post<null>(`${V}/OnlineDev/batchDelete/${moduleId}`, { ids }),
  exportData: (moduleId: string, q: ListQuery & { selectKey?: string[]; dataType?: 0 | 1 }) =>
    http.blob('POST', `${V}/OnlineDev/${moduleId}/Actions/Export`, { data: q }, '数据导出.xlsx'),
  template: (moduleId: string) => http.blob('GET', `${V}/OnlineDev/${moduleId}/Template`, {}, '导入模板.xlsx'),
  /** import: multipart `file`; the envelope carries the row report */
  importData: (moduleId: string, file: File) => {
    const fd = new FormData();
    fd.append('file', file);
    return requestEnvelope<LcImportReport>('POST', `${V}/OnlineDev/${moduleId}/Actions/Import`, {
      data: fd,
      silent: true,
    });
  },
};

/** A record as the form reads it: the `data` JSON text unpacked, `id` kept. */
export function recordOf(r: any): Row | null {
  if (!r) return null;
  if (typeof r.data === 'string') {
    try {
      return { ...JSON.parse(r.data), id: r.id };
    } catch {
      return { id: r.id };
    }
  }
  if (r.data && typeof r.data === 'object' && !Array.isArray(r.data)) return { ...r.data, id: r.id ?? r.data.id };
  return r;
}

// ---- code generation and data sources (BladeX) ----------------------------------------------------------------

/** A generated file as `preview` lists it. */
export interface GenFileRow {
  fileName?: string;
  path?: string;
  content?: string;
}

export const bladeCodeApi = {
  ...crudApi(`${D}/code`),
  /** the files one setting generates (`{ list }`; null when the setting is gone) */
  preview: (id: string) => http.get<{ list: GenFileRow[] } | null>(`${D}/code/preview`, { id }),
  /** the zip of the settings' files (several settings: one folder each); `system` the business area of the menu */
  genCode: (ids: string[], system?: string) =>
    http.blob('POST', `${D}/code/gen-code`, { params: { ids: ids.join(','), system } }, 'code.zip'),
  /** a copy named `<codeName>_copyN`; the envelope carries the server's message (复制成功) */
  copy: (id: string) => requestEnvelope<null>('POST', `${D}/code/copy`, { params: { id } }),
};
export const bladeDatasourceApi = {
  ...crudApi(`${D}/datasource`),
  select: () => http.get<Row[]>(`${D}/datasource/select`),
  dbTypes: () => http.get<Row[]>(`${D}/datasource/selectDbType`),
  tables: (id: string) => http.get<Row[]>(`${D}/datasource-table/${id}/tables`),
  table: (id: string, name: string) => http.get<any>(`${D}/datasource-table/${id}/table/${encodeURIComponent(name)}`),
  /**
   * A connection test: the server has one, at `/system/DataSource/Actions/Test`, open to 数据源管理's menu too and
   * reading BladeX names (`url`, `username`); a saved source is tested by `{ id }`. Quiet: the caller shows the answer.
   */
  test: (body: Row) => requestEnvelope<unknown>('POST', `${S}/DataSource/Actions/Test`, { data: body, silent: true }),
};

// ---- data services (JNPF) -------------------------------------------------------------------------------------

export const dataSourceApi = {
  ...jnpfApi(`${S}/DataSource`),
  test: (row: Row) => requestEnvelope<unknown>('POST', `${S}/DataSource/Actions/Test`, { data: row, silent: true }),
  selector: () => http.get<{ list: Row[] }>(`${S}/DataSource/Selector`),
};

export const dataModelApi = {
  tables: (dbLinkId: string, params?: Row, opts?: RequestOptions) =>
    http.get<any>(`${S}/DataModel/${dbLinkId}/Tables`, params, opts),
  table: (dbLinkId: string, name: string) =>
    http.get<any>(`${S}/DataModel/${dbLinkId}/Table/${encodeURIComponent(name)}`),
  preview: (dbLinkId: string, name: string, params?: Row) =>
    http.get<any>(`${S}/DataModel/${dbLinkId}/Table/${encodeURIComponent(name)}/Preview`, params),
  fields: (dbLinkId: string, name: string, type?: string) =>
    http.get<any>(`${S}/DataModel/${dbLinkId}/Tables/${encodeURIComponent(name)}/Fields`, { type }),
  /** a new table in a connection (never the console's own database): `{ tableName, fields: [{ field, dataType, … }] }` */
  createTable: (dbLinkId: string, body: Row) => http.post<null>(`${S}/DataModel/${dbLinkId}/Table`, body),
  /** drops a table of a connection (never of the console's own database) */
  dropTable: (dbLinkId: string, name: string) =>
    http.delete<null>(`${S}/DataModel/${dbLinkId}/Table/${encodeURIComponent(name)}`),
};

export const dataInterfaceApi = {
  ...jnpfApi(`${S}/DataInterface`),
  state: (id: string) => http.put<null>(`${S}/DataInterface/${id}/Actions/State`),
  response: (id: string, params?: Row) =>
    requestEnvelope<unknown>('GET', `${S}/DataInterface/${id}/Actions/Response`, { params, silent: true }),
  exportUrl: (id: string) => `${S}/DataInterface/${id}/Action/Export`,
  /** the interfaces as picker choices, quietly: a screen that only reads reports may not list interfaces */
  choices: () => http.get<any>(`${S}/DataInterface`, { currentPage: 1, pageSize: 1000 }, { silent: true }),
  /** one interface, quietly (see choices) */
  info: (id: string) => http.get<Row | null>(`${S}/DataInterface/${id}`, undefined, { silent: true }),
  log: (id: string, params?: Row) => http.get<any>(`${S}/DataInterfaceLog/${id}`, params),
  /** the rows an interface answers (its response data as a list), for popup selects and dynamic options */
  rows: async (id: string, params?: Row): Promise<Row[]> => {
    const env = (await requestEnvelope<unknown>('GET', `${S}/DataInterface/${id}/Actions/Response`, {
      params,
      silent: true,
    })) as Envelope<any>;
    const d = env.data;
    if (Array.isArray(d)) return d;
    if (Array.isArray(d?.list)) return d.list;
    if (Array.isArray(d?.records)) return d.records;
    return [];
  },
};

export const dataSyncApi = {
  execute: (body: Row) => requestEnvelope<any>('POST', `${S}/DataSync/Actions/Execute`, { data: body, silent: true }),
};

export const dataBackupApi = {
  list: (params?: Row) => http.get<any>(`${S}/DataBackup`, params),
  create: (body: Row = {}) => http.post<unknown>(`${S}/DataBackup`, body),
  remove: (id: string) => http.delete<null>(`${S}/DataBackup/${id}`),
  /** the backup file (`{id}/Actions/Download`, gzip) and its name */
  download: (id: string) => http.blob('GET', `${S}/DataBackup/${id}/Actions/Download`, {}, `backup-${id}.sql.gz`),
};

export const reportApi = crudApi('/api/blade-report/report/rest');

// ---- business forms (BladeX dialect) --------------------------------------------------------------------------

export const businessCategoryApi = {
  ...crudApi(`${B}/business-category`),
  tree: () => http.get<Row[]>(`${B}/business-category/tree`),
  allTree: () => http.get<Row[]>(`${B}/business-category/allTree`),
};
export const businessDataModelApi = {
  ...crudApi(`${B}/business-data-model`),
  select: (dbLinkId?: string) => http.get<Row[]>(`${B}/business-data-model/select`, { dbLinkId }),
  save: (row: Row) => http.post<unknown>(`${B}/business-data-model/save`, row),
  update: (row: Row) => http.post<unknown>(`${B}/business-data-model/update`, row),
};
export const businessFormApi = {
  ...crudApi(`${B}/business-form`),
  listAll: () => http.get<Row[]>(`${B}/business-form/listAll`),
  save: (row: Row) => http.post<unknown>(`${B}/business-form/save`, row),
  update: (row: Row) => http.post<unknown>(`${B}/business-form/update`, row),
  preview: (id: string) => http.get<any>(`${B}/business-form/preview`, { id }),
  findForm: (formCode: string) => http.get<Row | null>(`${B}/business-form/findForm`, { formCode }),
};
export const businessDesignApi = {
  ...crudApi(`${B}/business-design`),
  save: (row: Row) => http.post<unknown>(`${B}/business-design/save`, row),
  update: (row: Row) => http.post<unknown>(`${B}/business-design/update`, row),
  preview: (id: string) => http.get<any>(`${B}/business-design/preview`, { id }),
  bisGroup: (params?: Row) => http.get<any>(`${B}/business-design/bis-group`, params),
};
export const businessHandleApi = {
  list: (formId: string, params: Row) => http.get<any>(`${B}/business-handle/list/${formId}`, params),
  create: (formId: string, values: Row) => http.post<unknown>(`${B}/business-handle/create/${formId}`, values),
  update: (formId: string, values: Row) => http.post<unknown>(`${B}/business-handle/update/${formId}`, values),
  remove: (formId: string, ids: string[]) =>
    http.get<null>(`${B}/business-handle/remove/${formId}`, { ids: ids.join(',') }),
  detail: (formId: string, id: string) => http.get<Row | null>(`${B}/business-handle/detail/${formId}`, { id }),
  detailByForm: (formCode: string, id: string) =>
    http.get<Row | null>(`${B}/business-handle/detailByForm/${formCode}`, { id }),
  updateByForm: (formCode: string, id: string, values: Row) =>
    http.post<unknown>(`${B}/business-handle/updateByForm/${formCode}`, values, { params: { id } }),
};
