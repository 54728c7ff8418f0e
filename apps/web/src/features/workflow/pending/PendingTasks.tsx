/**
 * The signed-in person's pending tasks for the home page and the bell: the first page of the to-do list, reloaded
 * whenever the live channel brings a message (a new task, an urge or a copy reaches the person's bell at once).
 * Shown only to people whose menus include the to-do list; the call is silent (no toast).
 */

import type { Page } from '@swp/contract';
import { Badge, Card, Empty, List, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { http } from '../../../api/http';
import type { WfTask } from '../../../api/workflow';
import { RowButton } from '../../../components/crud/RowButton';
import { flattenMenu } from '../../../lib/menu';
import { useSession } from '../../../stores/session';
import { detailPath, timeText } from '../lists/lists';

/** Where the to-do list lives (the workflow module's menu path). */
export const TODO_PATH = '/workflow/process/todo';
const LIVE_EVENT = 'swp-live';

/** Whether the signed-in person has the to-do list in their menus (only then are pending tasks asked for). */
export function useHasTodo(): boolean {
  const menuAll = useSession((s) => s.menuAll);
  return flattenMenu(menuAll).some((m) => m.path === TODO_PATH);
}

export function usePendingTasks(size = 5, enabled = true) {
  const [state, setState] = useState<{ records: WfTask[]; total: number; loaded: boolean }>({
    records: [],
    total: 0,
    loaded: false,
  });
  const load = useCallback(() => {
    if (!enabled) return;
    http
      .get<Page<WfTask>>('/api/blade-workflow/process/todoList', { current: 1, size }, { silent: true })
      .then((p) => setState({ records: p?.records ?? [], total: Number(p?.total ?? 0), loaded: true }))
      .catch(() => setState((s) => ({ ...s, loaded: true })));
  }, [size, enabled]);
  useEffect(() => {
    load();
    window.addEventListener(LIVE_EVENT, load);
    return () => window.removeEventListener(LIVE_EVENT, load);
  }, [load]);
  return { ...state, reload: load };
}

/** The home page card: 我的待办 with the first tasks, each opening its detail. */
export function PendingTasksCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const enabled = useHasTodo();
  const { records, total } = usePendingTasks(5, enabled);
  if (!enabled) return null;
  return (
    <Card
      title={
        <Badge count={total} size="small" offset={[10, 0]}>
          {t('workflow.pending.title')}
        </Badge>
      }
      extra={<Link to={TODO_PATH}>{t('workflow.pending.more')}</Link>}
      style={{ marginBottom: 16 }}
      data-testid="wf-pending"
    >
      {records.length ? (
        <List
          size="small"
          dataSource={records}
          renderItem={(r) => (
            <List.Item
              style={{ cursor: 'pointer' }}
              onClick={() => navigate(detailPath(r, true))}
              extra={<Typography.Text type="secondary">{timeText(r.createTime)}</Typography.Text>}
            >
              {r.processDefinitionName} · {r.taskName}
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflow.pending.empty')} />
      )}
    </Card>
  );
}

/** A line for the bell's panel: the number of pending tasks, linking to the to-do list. */
export function PendingTasksLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const enabled = useHasTodo();
  const { total, loaded } = usePendingTasks(1, enabled);
  if (!enabled || !loaded) return null;
  return (
    <RowButton
      data-testid="wf-pending-link"
      onClick={() => {
        onNavigate?.();
        navigate(TODO_PATH);
      }}
    >
      {t('workflow.pending.title')} ({total})
    </RowButton>
  );
}
