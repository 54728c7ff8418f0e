/**
 * State and calls of the notice bell: unread counts per type (refreshed at once when the live channel pushes a
 * message), the open tab's page (loaded while the popover is open; an empty page warns 'no more messages'), and
 * reading an unread message.
 */
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { httpHooks } from '../../api/hooks';
import { MESSAGE_TYPES, type MessageRecord, messageApi, UNREAD } from '../../api/message';
import { LIVE_POINTS } from '../../api/monitor';
import { LIVE_EVENT, startLive } from './live';

export const BELL_PAGE_SIZE = 5;

/** the bearer token the HTTP client would send, for the WebSocket's query string */
export function currentToken(): string | undefined {
  const h = httpHooks.authHeaders();
  const v = Object.entries(h).find(([k]) => k.toLowerCase() === 'blade-auth')?.[1];
  return v?.replace(/^bearer\s+/i, '') || undefined;
}

export function useBell() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<number>(MESSAGE_TYPES[0]);
  const [counts, setCounts] = useState<Record<number, number>>({});
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<MessageRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  const loadCounts = useCallback(async () => {
    try {
      const list = await messageApi.countByType(UNREAD);
      setCounts(Object.fromEntries(list.map((c) => [c.messageType, c.count])));
    } catch {
      /* the client already reported it */
    }
  }, []);

  const loadPage = useCallback(
    async (p: number, ty: number) => {
      setLoading(true);
      try {
        const data = await messageApi.page({ current: p, size: BELL_PAGE_SIZE, messageType: ty });
        setRows(data.records);
        setTotal(data.total);
        if (!data.records.length) message.warning(t('bell.noMore'));
      } catch {
        setRows([]);
      } finally {
        setLoading(false);
      }
    },
    [message, t],
  );

  useEffect(() => {
    void loadCounts();
    const stop = startLive({ token: currentToken });
    const onLive = (e: Event) => {
      // new monitoring points arrive every second on a busy stream: they are no message
      if ((e as CustomEvent<{ type?: string }>).detail?.type === LIVE_POINTS) return;
      void loadCounts();
    };
    window.addEventListener(LIVE_EVENT, onLive);
    return () => {
      stop();
      window.removeEventListener(LIVE_EVENT, onLive);
    };
  }, [loadCounts]);

  useEffect(() => {
    if (open) void loadPage(page, type);
  }, [open, page, type, loadPage]);

  const onItem = async (r: MessageRecord) => {
    if (r.messageStatus !== UNREAD) return;
    await messageApi.read([r.id]);
    await Promise.all([loadCounts(), loadPage(page, type)]);
  };

  const changeType = (ty: number) => {
    setType(ty);
    setPage(1);
  };

  const totalUnread = Object.values(counts).reduce((a, b) => a + b, 0);
  return { open, setOpen, type, changeType, counts, totalUnread, page, setPage, rows, total, loading, onItem };
}

export type BellState = ReturnType<typeof useBell>;
