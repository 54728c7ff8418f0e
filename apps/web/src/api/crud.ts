/**
 * The generic call groups every CRUD family is built from (spec 1 §7 conventions):
 * - `crudApi(base)`: BladeX — GET `list` (paged: current, size, filters), GET `detail?id=`, POST `submit` (no id
 *   inserts, an id updates), POST `remove?ids=1,2`;
 * - `jnpfApi(base)`: JNPF — GET base (keyword, currentPage, pageSize → { list, pagination }), GET `{id}`,
 *   POST base, PUT `{id}`, DELETE `{id}`.
 * Both answer the one shape `CrudPage` reads (`CrudApi`).
 */
import type { JnpfPage, Page } from '@swp/contract';
import { http } from './http';

export type Row = Record<string, any>;
export type Query = Record<string, unknown>;

export interface CrudApi<T extends Row = Row> {
  /** cache key of the family (its base path) */
  key: string;
  /** a page (`records`, `total`) or, for unpaged lists and trees, every row */
  page(query: Query): Promise<Page<T> | T[]>;
  detail?(id: string): Promise<T | null>;
  /** no id inserts, an id updates */
  submit(row: Partial<T>): Promise<unknown>;
  remove(ids: string[]): Promise<unknown>;
}

export interface CrudApiOptions {
  /** the list endpoint (default `list`; the message and sequence families use `page`) */
  list?: string;
}

export function crudApi<T extends Row = Row>(base: string, opts: CrudApiOptions = {}) {
  const list = opts.list ?? 'list';
  return {
    key: base,
    base,
    page: (query: Query) => http.get<Page<T> | T[]>(`${base}/${list}`, query),
    detail: (id: string) => http.get<T | null>(`${base}/detail`, { id }),
    submit: (row: Partial<T>) => http.post<T>(`${base}/submit`, row),
    remove: (ids: string[]) => http.post<null>(`${base}/remove`, undefined, { params: { ids: ids.join(',') } }),
    /** another endpoint of the same family: `call.get('tree', { code })` */
    get: <R>(path: string, params?: Query) => http.get<R>(`${base}/${path}`, params),
    post: <R>(path: string, data?: unknown, params?: Query) => http.post<R>(`${base}/${path}`, data, { params }),
  } satisfies CrudApi<T> & Record<string, unknown>;
}

export interface JnpfApiOptions {
  /** detail path after `{id}` (e.g. `Info`); default none */
  info?: string;
  /** list path (default the base itself) */
  list?: string;
}

/** JNPF page → BladeX page; an unpaged `{ list }` → the rows. */
export function fromJnpf<T>(data: JnpfPage<T> | { list: T[] } | T[]): Page<T> | T[] {
  if (Array.isArray(data)) return data;
  if ('pagination' in data && data.pagination) {
    const { currentPage, pageSize, total } = data.pagination;
    return { records: data.list, total, current: currentPage, size: pageSize, pages: Math.ceil(total / pageSize) };
  }
  return data.list ?? [];
}

export function jnpfApi<T extends Row = Row>(base: string, opts: JnpfApiOptions = {}) {
  return {
    key: base,
    base,
    page: async ({ current, size, ...rest }: Query) =>
      fromJnpf(
        await http.get<JnpfPage<T> | { list: T[] }>(opts.list ? `${base}/${opts.list}` : base, {
          currentPage: current,
          pageSize: size,
          ...rest,
        }),
      ),
    detail: (id: string) => http.get<T | null>(`${base}/${id}${opts.info ? `/${opts.info}` : ''}`),
    submit: (row: Partial<T>) => (row.id ? http.put<T>(`${base}/${row.id}`, row) : http.post<T>(base, row)),
    remove: async (ids: string[]) => {
      for (const id of ids) await http.delete(`${base}/${id}`);
    },
    get: <R>(path: string, params?: Query) => http.get<R>(`${base}/${path}`, params),
    put: <R>(path: string, data?: unknown) => http.put<R>(`${base}/${path}`, data),
  } satisfies CrudApi<T> & Record<string, unknown>;
}

/** The rows of a page or a list reply. */
export function rowsOf<T>(data: Page<T> | T[] | null | undefined): { records: T[]; total: number } {
  if (!data) return { records: [], total: 0 };
  if (Array.isArray(data)) return { records: data, total: data.length };
  return { records: data.records ?? [], total: Number(data.total ?? 0) };
}
