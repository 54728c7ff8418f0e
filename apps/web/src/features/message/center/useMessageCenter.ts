/**
 * State and server calls of the message centre: the type tab, search filters and paging drive one paged query;
 * view marks an unread message read, mark-read and delete act on the selection (delete after a confirmation).
 */
import { App } from 'antd';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MessageRecord, messageApi, UNREAD } from '../../../api/message';

export type MessageFilters = { title?: string; messageStatus?: string };

export function useMessageCenter() {
  const [type, setType] = useState<string>('all');
  const [filters, setFilters] = useState<MessageFilters>({});
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [rows, setRows] = useState<MessageRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [viewing, setViewing] = useState<MessageRecord | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const data = await messageApi.page({
        current: paging.current,
        size: paging.size,
        ...(type === 'all' ? {} : { messageType: Number(type) }),
        ...filters,
      });
      setRows(data.records);
      setTotal(data.total);
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  }, [paging, type, filters]);

  useEffect(() => {
    void load();
  }, [load]);

  const firstPage = () => setPaging((p) => ({ ...p, current: 1 }));

  const changeType = (k: string) => {
    setType(k);
    firstPage();
  };

  const search = (f: MessageFilters) => {
    setFilters(f);
    firstPage();
  };

  const view = async (r: MessageRecord) => {
    setViewing(r);
    if (r.messageStatus === UNREAD) {
      await messageApi.read([r.id]);
      void load();
    }
  };

  const { markRead, remove } = useSelectionActions(selected, setSelected, load);

  return {
    type,
    changeType,
    search,
    paging,
    setPaging,
    rows,
    total,
    loading,
    selected,
    setSelected,
    viewing,
    setViewing,
    view,
    markRead,
    remove,
  };
}

/** mark read and delete on the selection (or one row); an empty selection warns, delete asks first */
function useSelectionActions(
  selected: string[],
  setSelected: Dispatch<SetStateAction<string[]>>,
  load: () => Promise<void>,
) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();

  const needSelection = () => {
    if (!selected.length) {
      message.warning(t('messageCenter.selectOne'));
      return true;
    }
    return false;
  };

  const markRead = async () => {
    if (needSelection()) return;
    await messageApi.read(selected);
    message.success(t('messageCenter.marked'));
    setSelected([]);
    void load();
  };

  const remove = (ids: string[]) => {
    if (!ids.length) return void needSelection();
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('messageCenter.confirmRemove'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await messageApi.remove(ids);
        message.success(t('messageCenter.removed'));
        setSelected((s) => s.filter((id) => !ids.includes(id)));
        void load();
      },
    });
  };

  return { markRead, remove };
}
