/**
 * The notice bell (spec 1 §2.10): a popover with one tab per message type and unread badges, 5 messages a page,
 * a link to the message centre, and the warning 'no more messages' when a page comes back empty. Clicking an
 * unread message marks it read and reloads. The live channel pushes new messages: counts refresh at once.
 */
import { BellOutlined } from '@ant-design/icons';
import { App, Badge, Button, Empty, List, Pagination, Popover, Spin, Tabs, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { httpHooks } from '../../api/hooks';
import { MESSAGE_TYPES, type MessageRecord, messageApi, UNREAD } from '../../api/message';
import { LIVE_POINTS } from '../../api/monitor';
import { PendingTasksLink } from '../../features/workflow/pending/PendingTasks';
import { LIVE_EVENT, startLive } from './live';

export const BELL_PAGE_SIZE = 5;

/** the bearer token the HTTP client would send, for the WebSocket's query string */
export function currentToken(): string | undefined {
  const h = httpHooks.authHeaders();
  const v = Object.entries(h).find(([k]) => k.toLowerCase() === 'blade-auth')?.[1];
  return v?.replace(/^bearer\s+/i, '') || undefined;
}

export function NoticeBell() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
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

  const totalUnread = Object.values(counts).reduce((a, b) => a + b, 0);
  const content = (
    <div style={{ width: 360 }} data-testid="notice-bell-panel">
      <Tabs
        size="small"
        activeKey={String(type)}
        onChange={(k) => {
          setType(Number(k));
          setPage(1);
        }}
        items={MESSAGE_TYPES.map((ty) => ({
          key: String(ty),
          label: (
            <Badge count={counts[ty] ?? 0} size="small" offset={[8, 0]}>
              {t(`bell.type${ty}`)}
            </Badge>
          ),
        }))}
      />
      <Spin spinning={loading}>
        {rows.length ? (
          <List
            size="small"
            dataSource={rows}
            renderItem={(r) => (
              <List.Item
                style={{ cursor: r.messageStatus === UNREAD ? 'pointer' : 'default' }}
                onClick={() => void onItem(r)}
                data-testid="notice-bell-item"
              >
                <List.Item.Meta
                  title={
                    <Badge dot={r.messageStatus === UNREAD} offset={[6, 0]}>
                      <Typography.Text strong={r.messageStatus === UNREAD}>{r.title}</Typography.Text>
                    </Badge>
                  }
                  description={<Typography.Text type="secondary">{r.sendTime}</Typography.Text>}
                />
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} />
        )}
      </Spin>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 8 }}>
        <Pagination size="small" simple current={page} pageSize={BELL_PAGE_SIZE} total={total} onChange={setPage} />
        <PendingTasksLink onNavigate={() => setOpen(false)} />
        <Button
          type="link"
          size="small"
          onClick={() => {
            setOpen(false);
            navigate('/message/index');
          }}
        >
          {t('bell.viewAll')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      content={content}
      title={t('bell.title')}
      placement="bottomRight"
    >
      <Badge count={totalUnread} overflowCount={99} size="small">
        <Button type="text" icon={<BellOutlined />} aria-label={t('bell.title')} data-testid="notice-bell" />
      </Badge>
    </Popover>
  );
}

export default NoticeBell;
