/**
 * The dynamic list's state and calls: the search query, paging (the list design's page size first), the loaded
 * page, the selected rows, and the delete (one or a batch) with its confirmation.
 */
import type { LcModule } from '@swp/contract';
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { onlineDevApi } from '../../../api/lowcode';
import type { parseColumnData } from '../modules/listDesign';

type ColumnData = ReturnType<typeof parseColumnData>;

export function useDynamicList(moduleId: string | null, module: LcModule | null, columnData: ColumnData) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [query, setQuery] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [data, setData] = useState<{ list: Row[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);

  useEffect(() => {
    if (columnData.pageSize) setPage((p) => ({ ...p, size: Number(columnData.pageSize) }));
  }, [columnData.pageSize]);

  const listQuery = useCallback(
    () => ({
      currentPage: page.current,
      pageSize: page.size,
      queryJson: Object.keys(query).length ? JSON.stringify(query) : undefined,
      sidx: columnData.defaultSidx || undefined,
      sort: columnData.sort || undefined,
    }),
    [page, query, columnData],
  );

  const load = useCallback(async () => {
    if (!moduleId || !module) return;
    setLoading(true);
    try {
      const r = await onlineDevApi.list(moduleId, listQuery());
      setData({ list: r.list, total: r.pagination?.total ?? r.list.length });
    } catch {
      // the client already showed the server's message
    } finally {
      setLoading(false);
    }
  }, [moduleId, module, listQuery]);

  useEffect(() => {
    void load();
  }, [load]);

  const removeRows = (ids: string[]) => {
    if (!moduleId) return;
    if (!ids.length) {
      message.warning(t('lowcode.dynamic.selectOne'));
      return;
    }
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('lowcode.dynamic.confirmRemove'),
      onOk: async () => {
        if (ids.length === 1) await onlineDevApi.delete(moduleId, ids[0]);
        else await onlineDevApi.batchDelete(moduleId, ids);
        message.success(t('lowcode.dynamic.removed'));
        setSelected([]);
        await load();
      },
    });
  };

  /** A new search (or a reset) starts again on the first page. */
  const applyQuery = (q: Record<string, unknown>) => {
    setQuery(q);
    setPage((p) => ({ ...p, current: 1 }));
  };

  return { page, setPage, data, loading, selected, setSelected, listQuery, load, removeRows, applyQuery };
}
