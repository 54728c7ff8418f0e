/**
 * Typed calls of the JNPF `/api/permission` families (spec 2 §6, §7): Users, UserRelation, Organize (companies)
 * and its departments, Role, Position, and Authority (per-object data authority, batch, per-item model authority).
 * Envelope `{ code, msg, data }`; paged lists `{ list, pagination }`, unpaged `{ list }`, selector trees of
 * `{ id, fullName, parentId, children }` (the server's shapes are in apps/server/src/modules/permission).
 */
import type { JnpfPage } from '@swp/contract';
import { jnpfApi, type Row } from './crud';
import { http } from './http';

const P = '/api/permission';

export type ObjectType = 'Role' | 'Position' | 'User';
export const ITEM_TYPES = ['module', 'button', 'column', 'form', 'resource'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** A node of a JNPF tree (organisations, menus, data scopes, selectors). */
export interface JnpfNode {
  id: string;
  parentId?: string;
  fullName: string;
  enCode?: string | null;
  type?: string;
  children?: JnpfNode[];
  [k: string]: unknown;
}

/** An organisation (company) or department as `Organize` answers it. */
export interface OrgRow extends JnpfNode {
  parentId: string;
  category?: 'company' | 'department';
  /** 1 company, 2 department, 3 team */
  deptCategory?: number;
  sortCode?: number;
  enabledMark?: number;
  description?: string | null;
}

export interface JnpfUser {
  id: string;
  account: string;
  realName?: string | null;
  fullName?: string;
  organize?: string | null;
  position?: string | null;
  roleName?: string | null;
  enabledMark?: number;
  [k: string]: unknown;
}

/** Candidates (a tree and every grantable id) and the granted ids of one item type. */
export interface AuthorityItems {
  list: JnpfNode[];
  all: string[];
  ids: string[];
}

export type AuthorityValues = { objectId: string; objectType: ObjectType } & Record<ItemType, AuthorityItems>;

/** Item ids per type; a type left out is not touched by an update. */
export type Grants = Partial<Record<ItemType, string[]>>;

const list = <T>(url: string, params?: Record<string, unknown>) => http.get<{ list: T[] }>(url, params);

export const permissionApi = {
  users: {
    ...jnpfApi<JnpfUser>(`${P}/Users`),
    list: (params: Record<string, unknown>) => http.get<JnpfPage<JnpfUser>>(`${P}/Users`, params),
    all: () => list<JnpfUser>(`${P}/Users/All`),
    selector: () => list<JnpfNode>(`${P}/Users/Selector`),
    /** the users of these ids (visible ones only) */
    byIds: (ids: string[]) => http.post<{ list: JnpfUser[] }>(`${P}/Users/getUserList`, { userId: ids }),
    state: (id: string, enabledMark?: 0 | 1) =>
      http.put<null>(`${P}/Users/${id}/Actions/State`, enabledMark === undefined ? undefined : { enabledMark }),
    resetPassword: (id: string, userPassword: string, validatePassword: string) =>
      http.post<null>(`${P}/Users/${id}/Actions/ResetPassword`, { userPassword, validatePassword }),
  },
  relation: {
    /** the users holding a role, position or organisation */
    get: (objectId: string, objectType?: 'Role' | 'Position' | 'Organize') =>
      http.get<{ objectType: string; ids: string[] }>(`${P}/UserRelation/${objectId}`, { objectType }),
    /** the visible holders become exactly `userIds` */
    save: (objectId: string, objectType: 'Role' | 'Position' | 'Organize', userIds: string[]) =>
      http.post<null>(`${P}/UserRelation/${objectId}`, { objectType, userIds }),
  },
  organize: {
    /** companies as a tree (keyword: the matching ones) */
    companies: (keyword?: string) => list<OrgRow>(`${P}/Organize`, { keyword }),
    /** every organisation and department as a tree; `excludeId` leaves out a node and its descendants */
    selector: (excludeId?: string) => list<OrgRow>(`${P}/Organize/Selector${excludeId ? `/${excludeId}` : ''}`),
    tree: () => list<JnpfNode>(`${P}/Organize/Tree`),
    departments: (companyId: string, keyword?: string) =>
      list<OrgRow>(`${P}/Organize/${companyId}/Department`, { keyword }),
    info: (id: string) => http.get<OrgRow | null>(`${P}/Organize/${id}`),
    createCompany: (row: Row) => http.post<null>(`${P}/Organize`, row),
    /** a department (deptCategory 2) or team (3) under `parentId` */
    createDepartment: (row: Row) => http.post<null>(`${P}/Organize/Department`, row),
    update: (id: string, row: Row) => http.put<null>(`${P}/Organize/${id}`, row),
    remove: (id: string) => http.delete<null>(`${P}/Organize/${id}`),
    state: (id: string, enabledMark?: 0 | 1) =>
      http.put<null>(`${P}/Organize/${id}/Actions/State`, enabledMark === undefined ? undefined : { enabledMark }),
  },
  role: {
    ...jnpfApi(`${P}/Role`),
    list: (params: Record<string, unknown>) => http.get<JnpfPage<Row>>(`${P}/Role`, params),
    /** enabled roles */
    selector: () => list<JnpfNode>(`${P}/Role/Selector`),
    state: (id: string) => http.put<null>(`${P}/Role/${id}/Actions/State`),
  },
  position: {
    ...jnpfApi(`${P}/Position`),
    list: (params: Record<string, unknown>) => http.get<JnpfPage<Row>>(`${P}/Position`, params),
    /** enabled positions grouped by category (`category_<n>` group nodes) */
    selector: () => list<JnpfNode>(`${P}/Position/Selector`),
    state: (id: string) => http.put<null>(`${P}/Position/${id}/Actions/State`),
  },
  authority: {
    values: (objectId: string, objectType?: ObjectType) =>
      http.post<AuthorityValues>(`${P}/Authority/Data/${objectId}/Values`, objectType ? { objectType } : {}),
    /** replaces the object's grants of the item types sent */
    save: (objectId: string, objectType: ObjectType, grants: Grants) =>
      http.put<null>(`${P}/Authority/Data/${objectId}`, { objectType, ...grants }),
    /** adds the items to every object named */
    batch: (body: { roleIds?: string[]; positionIds?: string[]; userIds?: string[] } & Grants) =>
      http.post<null>(`${P}/Authority/Data/Batch`, body),
    /** which objects of a type hold an item (and every object of that type) */
    model: (itemId: string, objectType: ObjectType) =>
      http.get<{ itemId: string; objectType: ObjectType; ids: string[]; list: JnpfNode[] }>(
        `${P}/Authority/Model/${itemId}/${objectType}`,
      ),
    saveModel: (itemId: string, objectType: ObjectType, objectIds: string[], itemType?: ItemType) =>
      http.put<null>(`${P}/Authority/Model/${itemId}`, { objectType, objectId: objectIds, itemType }),
  },
};
