/** `{ code, success, data, msg }`: every JSON reply of the BladeX and JNPF families. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

/** BladeX page reply. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** BladeX page query: current from 1, size, ascs/descs comma-joined, every other key a filter. */
export interface PageQuery {
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
  [filter: string]: unknown;
}

/** JNPF paged list reply. */
export interface JnpfPage<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** Tree node of BladeX tree endpoints. */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  value: string;
  key: string;
  hasChildren?: boolean;
  children?: TreeNode[];
  [extra: string]: unknown;
}
