/**
 * The list state of a CrudPage: paging, search criteria, selection, the page's query and the lazily loaded children
 * of a lazy tree (expanded nodes keep their place across reloads: their children are fetched again).
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { type Row, rowsOf } from '../../api/crud';
import { DEFAULT_PAGE_SIZE } from './CrudPagination';
import type { CrudPageProps } from './types';

export function useCrudList<T extends Row>(props: CrudPageProps<T>) {
  const { api, rowKey = 'id', pageVariant = 'default', paged = true } = props;
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(props.pageSize ?? DEFAULT_PAGE_SIZE[pageVariant]);
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const [selectedKeys, setSelectedKeys] = useState<React.Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<T[]>([]);
  const [lazyChildren, setLazyChildren] = useState<Record<string, T[]>>({});
  // expanded lazy nodes keep their place across reloads: their children are fetched again
  const expandedRows = useRef<Record<string, T>>({});

  const queryKey = useMemo(() => JSON.stringify(props.query ?? {}), [props.query]);
  const [lastQueryKey, setLastQueryKey] = useState(queryKey);
  if (lastQueryKey !== queryKey) {
    // a new fixed filter (tree node, parent row) starts again from page 1
    setLastQueryKey(queryKey);
    setCurrent(1);
    setSelectedKeys([]);
    setSelectedRows([]);
    setLazyChildren({});
    expandedRows.current = {};
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: queryKey stands for props.query (a new object on every render of the caller)
  const params = useMemo(
    () => ({ ...(paged ? { current, size } : {}), ...(props.query ?? {}), ...search }),
    [paged, current, size, queryKey, search],
  );
  const listQuery = { queryKey: ['crud', api.key, params], queryFn: () => api.page(params), retry: false } as const;
  // The first page is asked for while the screen renders, not after it is on screen (where `useQuery` starts it):
  // a list's request and its first render overlap (issue 24 item 10). `useQuery` below joins the request in flight.
  const client = useQueryClient();
  useState(() => {
    if (!client.getQueryState(listQuery.queryKey)?.dataUpdatedAt) void client.prefetchQuery(listQuery);
  });
  const list = useQuery({ ...listQuery, placeholderData: keepPreviousData });
  const { records, total } = rowsOf<T>(list.data);

  const withLazy = useCallback(
    (rows: T[]): T[] =>
      rows.map((r) => {
        const id = String(r[rowKey]);
        if (lazyChildren[id]) return { ...r, children: withLazy(lazyChildren[id]) };
        if (props.lazy && r.hasChildren && !r.children?.length) return { ...r, children: [] };
        if (r.children?.length) return { ...r, children: withLazy(r.children) };
        const { children: _drop, ...rest } = r;
        return rest as T;
      }),
    [lazyChildren, props.lazy, rowKey],
  );
  const data = useMemo(
    () => (props.tree || props.lazy ? withLazy(records) : records),
    [records, withLazy, props.tree, props.lazy],
  );

  const reload = useCallback(() => {
    void list.refetch();
    const open = Object.entries(expandedRows.current);
    if (!props.lazy || !open.length) {
      setLazyChildren({});
      return;
    }
    void Promise.all(open.map(async ([id, r]) => [id, (await props.lazy!(r).catch(() => [])) ?? []] as const)).then(
      (pairs) => setLazyChildren(Object.fromEntries(pairs)),
    );
  }, [list, props.lazy]);

  /** A lazy node opened: remember it and load its children once. */
  const onExpand = async (expanded: boolean, r: T) => {
    const id = String(r[rowKey]);
    if (!expanded) {
      delete expandedRows.current[id];
      return;
    }
    expandedRows.current[id] = r;
    if (lazyChildren[id]) return;
    const kids = await props.lazy!(r);
    setLazyChildren((m) => ({ ...m, [id]: kids ?? [] }));
  };

  /** 搜索 always asks the server: the same criteria on page 1 keep the query's key, so without an explicit
   * refetch TanStack Query would answer from its cache and the list would stay stale (issue 24). */
  const onSearch = (q: Record<string, unknown>) => {
    const same = current === 1 && JSON.stringify(q) === JSON.stringify(search);
    setSearch(q);
    setCurrent(1);
    if (same) void list.refetch();
  };

  const select = (keys: React.Key[], rows: T[]) => {
    setSelectedKeys(keys);
    setSelectedRows(rows);
  };

  return {
    current,
    setCurrent,
    size,
    setSize,
    selectedKeys,
    selectedRows,
    select,
    list,
    records,
    total,
    data,
    reload,
    onExpand,
    onSearch,
  };
}
