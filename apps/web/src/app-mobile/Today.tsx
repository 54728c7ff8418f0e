/** Today: my tasks with their due time and progress; a refresh button and a pull-down gesture reload them. */
import { useRef, useState } from 'react';
import { t } from './i18n';
import type { TaskRow } from './types';

interface Props {
  tasks: TaskRow[] | null;
  loading: boolean;
  error: string;
  onRefresh: () => void;
  onOpen: (id: string) => void;
}

const PULL = 70;

export function Today({ tasks, loading, error, onRefresh, onOpen }: Props) {
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  return (
    <div
      className="page"
      onTouchStart={(e) => {
        start.current = window.scrollY <= 0 ? e.touches[0].clientY : null;
      }}
      onTouchMove={(e) => {
        if (start.current !== null) setPull(Math.max(0, Math.min(120, e.touches[0].clientY - start.current)));
      }}
      onTouchEnd={() => {
        if (pull >= PULL) onRefresh();
        start.current = null;
        setPull(0);
      }}
    >
      <div className="pull" style={{ height: pull }} aria-hidden={pull === 0}>
        {pull > 0 && t('pullToRefresh')}
      </div>
      <div className="bar">
        <h2>{t('today')}</h2>
        <button type="button" onClick={onRefresh} disabled={loading} data-testid="app-refresh">
          {loading ? '…' : t('refresh')}
        </button>
      </div>
      {error && <p className="error">{error}</p>}
      {tasks && !tasks.length && <p className="empty">{t('noTasks')}</p>}
      <ul className="tasks" data-testid="app-tasks">
        {tasks?.map((task) => {
          const pct = task.objectCount ? Math.round((100 * task.checkedCount) / task.objectCount) : 0;
          return (
            <li key={task.id}>
              <button type="button" className="card" onClick={() => onOpen(task.id)} data-testid="app-task">
                <span className="title">{task.planName}</span>
                <span className={`tag s${task.taskStatus}`}>{t(`status${task.taskStatus}` as 'status0')}</span>
                <span className="meta">
                  {t('due')} {task.periodEnd.slice(5, 16)}
                </span>
                <span className="meta">
                  {t('progress')} {task.checkedCount}/{task.objectCount}
                </span>
                <span className="progress">
                  <span style={{ width: `${pct}%` }} />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
