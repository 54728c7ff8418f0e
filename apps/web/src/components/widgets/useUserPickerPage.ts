/**
 * The user picker's state and calls: reset when it opens (the ids to start with, the department tree when shown),
 * then the people page by page for the name and department searched, and the people chosen.
 */
import { useEffect, useState } from 'react';
import type { UserHit } from '../../api/system';
import { userApi } from '../../api/user';
import { loadDeptTree } from './deptTree';
import { type TreeOption, toTreeOptions } from './treeUtils';
import type { UserPickerProps } from './UserPicker';

export const USER_PICKER_PAGE_SIZE = 10;

export function useUserPickerPage(p: UserPickerProps) {
  const [depts, setDepts] = useState<TreeOption[]>([]);
  const [deptId, setDeptId] = useState<string | undefined>();
  const [query, setQuery] = useState<{ realName?: string }>({});
  const [current, setCurrent] = useState(1);
  const [page, setPage] = useState<{ records: UserHit[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<UserHit[]>([]);
  const search = p.search ?? userApi.search;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the dialog resets when it opens
  useEffect(() => {
    if (!p.open) return;
    setChosen((p.value ?? []).map((id) => ({ id, realName: id })));
    setCurrent(1);
    setDeptId(undefined);
    setQuery({});
    if (p.withTree) {
      (p.loadDepts ?? (async () => toTreeOptions(await loadDeptTree())))()
        .then(setDepts)
        .catch(() => setDepts([]));
    }
  }, [p.open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the page reloads when the dialog, page, name or department change
  useEffect(() => {
    if (!p.open) return;
    let live = true;
    setLoading(true);
    search({ current, size: USER_PICKER_PAGE_SIZE, ...query, ...(deptId ? { deptId } : {}) })
      .then((r) => {
        if (!live) return;
        setPage({ records: r?.records ?? [], total: Number(r?.total ?? 0) });
        // fill in names of ids chosen before the dialog opened
        setChosen((c) => c.map((u) => r?.records?.find((x) => x.id === u.id) ?? u));
      })
      .catch(() => live && setPage({ records: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [p.open, current, query, deptId]);

  /** A new name or department starts again on the first page. */
  const searchName = (name: string) => {
    setQuery(name.trim() ? { realName: name.trim() } : {});
    setCurrent(1);
  };
  const pickDept = (id: string | undefined) => {
    setDeptId(id);
    setCurrent(1);
  };

  return { depts, deptId, pickDept, searchName, current, setCurrent, page, loading, chosen, setChosen };
}

export type UserPickerPage = ReturnType<typeof useUserPickerPage>;
