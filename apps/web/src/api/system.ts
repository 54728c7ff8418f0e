/** Typed call groups of `/api/blade-system` (spec 1 §7.1–7.2, spec 2 §7 "Permissions and organisation"). */
import type {
  DictRow as DictTableRow,
  ParamRow,
  PostRow,
  RoleRow,
  TenantPackageRow,
  TenantRow,
  TreeNode,
} from '@swp/contract';
import { crudApi, type Row } from './crud';
import { http } from './http';

const B = '/api/blade-system';

/** A parameter row as the server sends it: generated from the table (packages/contract/src/rows.ts). */
export type Param = ParamRow & Row;
/** Rows as the server sends them: generated from the tables (packages/contract/src/rows.ts). */
export type Tenant = TenantRow & Row;
export type TenantPackage = TenantPackageRow & Row;
/** A dictionary entry as `/dictionary` lists it (the entries of one code). */
export type DictItem = Pick<DictTableRow, 'id' | 'parentId' | 'code' | 'dictKey' | 'dictValue' | 'sort'> & {
  remark?: string;
};
/** A dictionary or entry row of the dictionary screens. */
export interface DictRow extends Row, DictItem {
  isSealed: number;
  children?: DictRow[];
}
export interface Dept extends Row {
  id: string;
  parentId: string;
  deptName: string;
  fullName?: string;
  deptCategory: number;
  sort: number;
}
export type Post = PostRow & Row;
export type Role = RoleRow & Row;
export interface Menu extends Row {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias?: string;
  path?: string;
  source?: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  /** the SpringBlade clients' own views (empty: that client leaves the entry out) */
  saberPath?: string | null;
  saberSource?: string | null;
  swordPath?: string | null;
  swordSource?: string | null;
}
export interface Region extends Row {
  code: string;
  parentCode: string;
  name: string;
  regionLevel: number;
}

export const paramApi = crudApi<Param>(`${B}/param`);
export const clientApi = crudApi(`${B}/client`);

export const tenantApi = {
  ...crudApi<Tenant>(`${B}/tenant`),
  /** settings of several tenants at once: account quota, expiry, package */
  setting: (ids: string[], body: { accountNumber?: number; expireTime?: string; packageId?: string }) =>
    http.post<null>(`${B}/tenant/setting`, undefined, { params: { ids: ids.join(','), ...body }, form: false }),
  packageDetail: (tenantId: string) => http.get<TenantPackage | null>(`${B}/tenant/package-detail`, { tenantId }),
  packageSetting: (tenantId: string, packageId: string) =>
    http.post<null>(`${B}/tenant/package-setting`, undefined, { params: { tenantId, packageId } }),
  select: () => http.get<Tenant[]>(`${B}/tenant/select`),
};
export const tenantPackageApi = crudApi<TenantPackage>(`${B}/tenant-package`);

function dictFamily(base: string) {
  const api = crudApi<DictRow>(base);
  return {
    ...api,
    parentList: (q: Record<string, unknown>) => http.get<any>(`${base}/parent-list`, q),
    childList: (q: Record<string, unknown>) => http.get<DictRow[]>(`${base}/child-list`, q),
    tree: (code?: string) => http.get<TreeNode[]>(`${base}/tree`, code ? { code } : undefined),
    dictionary: (code: string) => http.get<DictRow[]>(`${base}/dictionary`, { code }),
  };
}
export const dictApi = dictFamily(`${B}/dict`);
export const dictBizApi = dictFamily(`${B}/dict-biz`);

export const deptApi = {
  ...crudApi<Dept>(`${B}/dept`),
  tree: (params?: Record<string, unknown>) => http.get<TreeNode[]>(`${B}/dept/tree`, params),
  lazyTree: (parentId = '0') => http.get<TreeNode[]>(`${B}/dept/lazy-tree`, { parentId }),
  lazyList: (params: Record<string, unknown>) => http.get<Dept[]>(`${B}/dept/lazy-list`, params),
  select: (userId?: string) => http.get<Dept[]>(`${B}/dept/select`, { userId }),
};
export const postApi = {
  ...crudApi<Post>(`${B}/post`),
  select: (tenantId?: string) => http.get<Post[]>(`${B}/post/select`, { tenantId }),
};
export const roleApi = {
  ...crudApi<Role>(`${B}/role`),
  tree: (tenantId?: string) => http.get<TreeNode[]>(`${B}/role/tree`, { tenantId }),
  treeById: (roleId: string) => http.get<TreeNode[]>(`${B}/role/tree-by-id`, { roleId }),
  grant: (body: { roleIds: string[]; menuIds: string[]; dataScopeIds: string[]; apiScopeIds: string[] }) =>
    http.post<null>(`${B}/role/grant`, body),
  select: (userId?: string) => http.get<Role[]>(`${B}/role/select`, { userId }),
};
export const menuApi = {
  ...crudApi<Menu>(`${B}/menu`),
  lazyList: (params: Record<string, unknown>) => http.get<Menu[]>(`${B}/menu/lazy-list`, params),
  lazyMenuList: (params: Record<string, unknown>) => http.get<Menu[]>(`${B}/menu/lazy-menu-list`, params),
  menuList: () => http.get<Menu[]>(`${B}/menu/menu-list`),
  tree: (tenantId?: string) => http.get<TreeNode[]>(`${B}/menu/tree`, { tenantId }),
  /** { menu, dataScope, apiScope } trees the signed-in user may grant */
  grantTree: () => http.get<{ menu: TreeNode[]; dataScope: TreeNode[]; apiScope: TreeNode[] }>(`${B}/menu/grant-tree`),
  roleTreeKeys: (roleIds: string[]) =>
    http.get<{ menu: string[]; dataScope: string[]; apiScope: string[] }>(`${B}/menu/role-tree-keys`, {
      roleIds: roleIds.join(','),
    }),
  grantTopTree: () => http.get<{ menu: TreeNode[] }>(`${B}/menu/grant-top-tree`),
  topTreeKeys: (topMenuIds: string[]) =>
    http.get<{ menu: string[] }>(`${B}/menu/top-tree-keys`, { topMenuIds: topMenuIds.join(',') }),
};
export const topMenuApi = {
  ...crudApi(`${B}/topmenu`),
  grant: (topMenuIds: string[], menuIds: string[]) => http.post<null>(`${B}/topmenu/grant`, { topMenuIds, menuIds }),
};
export const dataScopeApi = crudApi(`${B}/data-scope`);
export const apiScopeApi = crudApi(`${B}/api-scope`);
export const regionApi = {
  ...crudApi<Region>(`${B}/region`),
  lazyTree: (parentCode = '00') => http.get<TreeNode[]>(`${B}/region/lazy-tree`, { parentCode }),
  detailByCode: (code: string) => http.get<Region | null>(`${B}/region/detail`, { code }),
  removeOne: (id: string) => http.post<null>(`${B}/region/remove`, undefined, { params: { id } }),
};

export interface UserHit {
  id: string;
  realName: string;
  avatar?: string;
  deptName?: string;
  postName?: string;
  [k: string]: unknown;
}
export const searchApi = {
  role: (params?: Record<string, unknown>) => http.get<any>(`${B}/search/role`, params),
  dept: (params?: Record<string, unknown>) => http.get<any>(`${B}/search/dept`, params),
  post: (params?: Record<string, unknown>) => http.get<any>(`${B}/search/post`, params),
};
