/** Typed calls of the JNPF families under `/api/system` and `/api/permission` (spec 2 §7). */
import { jnpfApi, type Row } from './crud';
import { http } from './http';

const S = '/api/system';
const P = '/api/permission';

export interface SelectorNode {
  id: string;
  fullName: string;
  parentId?: string;
  children?: SelectorNode[];
  [k: string]: unknown;
}

export const dictionaryTypeApi = jnpfApi(`${S}/DictionaryType`);
export const dictionaryDataApi = {
  /** the data of one type (`{ list }`, a tree when the type is a tree) */
  list: (typeId: string, params?: Record<string, unknown>) =>
    http.get<{ list: Row[] }>(`${S}/DictionaryData/${typeId}`, params),
  all: () => http.get<{ list: Row[] }>(`${S}/DictionaryData/All`),
  selector: (typeId: string, isTree = false) =>
    http.get<{ list: SelectorNode[] }>(`${S}/DictionaryData/${typeId}/Selector`, { isTree: isTree ? 1 : 0 }),
  info: (id: string) => http.get<Row>(`${S}/DictionaryData/${id}/Info`),
  create: (row: Row) => http.post<null>(`${S}/DictionaryData`, row),
  update: (id: string, row: Row) => http.put<null>(`${S}/DictionaryData/${id}`, row),
  remove: (id: string) => http.delete<null>(`${S}/DictionaryData/${id}`),
  state: (id: string) => http.put<null>(`${S}/DictionaryData/${id}/Actions/State`),
  exportUrl: (id: string) => `${S}/DictionaryData/${id}/Action/Export`,
};
export const commonFieldsApi = jnpfApi(`${S}/CommonFields`);
export const billRuleApi = {
  ...jnpfApi(`${S}/BillRule`),
  selector: () => http.get<{ list: Row[] }>(`${S}/BillRule/Selector`),
  state: (id: string) => http.put<null>(`${S}/BillRule/${id}/Actions/State`),
  billNumber: (enCode: string) => http.get<string>(`${S}/BillRule/BillNumber/${enCode}`),
};
export const areaApi = {
  list: (parentId: string, params?: Record<string, unknown>) =>
    http.get<{ list: Row[] }>(`${S}/Area/${parentId}`, params),
  selector: (id: string) => http.get<{ list: SelectorNode[] }>(`${S}/Area/${id}/Selector`),
  info: (id: string) => http.get<Row>(`${S}/Area/${id}/Info`),
  create: (row: Row) => http.post<null>(`${S}/Area`, row),
  update: (id: string, row: Row) => http.put<null>(`${S}/Area/${id}`, row),
  remove: (id: string) => http.delete<null>(`${S}/Area/${id}`),
  state: (id: string) => http.put<null>(`${S}/Area/${id}/Actions/State`),
};
export const onlineUserApi = {
  list: (params?: Record<string, unknown>) => http.get<any>(`${S}/OnlineUser`, params),
  remove: (id: string) => http.delete<null>(`${S}/OnlineUser/${id}`),
};
export const organizeApi = {
  ...jnpfApi(`${P}/Organize`),
  selector: () => http.get<{ list: SelectorNode[] }>(`${P}/Organize/Selector`),
  tree: () => http.get<{ list: SelectorNode[] }>(`${P}/Organize/Tree`),
};
export const departmentSelectorApi = () => http.get<{ list: SelectorNode[] }>(`${P}/Organize/Department/Selector`);
export const positionSelectorApi = () => http.get<{ list: SelectorNode[] }>(`${P}/Position/Selector`);
export const usersSelectorApi = () => http.get<{ list: SelectorNode[] }>(`${P}/Users/Selector`);
