/**
 * Today: my patrol tasks, sampling tasks and repair steps with their due time and progress; a refresh button and a
 * pull-down gesture reload them, and new work pushed on the live channel reloads them too (App.tsx).
 */
import { useRef, useState } from 'react';
import { t } from './i18n';
import type { OutboxItem } from './outbox';
import type { Work } from './types';

interface Props {
  work: Work | null;
  /** how many of Today's tasks are kept for offline use (null: not yet) */
  kept: number | null;
  items: OutboxItem[];
  loading: boolean;
  error: string;
  onRefresh: () => void;
  onOpen: (id: string) => void;
  onSample: (id: string) => void;
  onRepair: (taskId: string) => void;
}

const PULL = 70;
const when = (s: string | null) => (s ? s.slice(5, 16) : '—');

export function Today({ work, kept, items, loading, error, onRefresh, onOpen, onSample, onRepair }: Props) {
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const queued = (kind: string, id: string) =>
    items.some((i) => i.kind === kind && i.taskId === id && i.state !== 'conflict');
  const none = work && !work.patrol.length && !work.sampling.length && !work.repairs.length;
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
      {kept !== null && !!work && kept > 0 && (
        <p className="meta" data-testid="app-offline-ready" data-kept={kept}>
          {t('offlineReady', { n: kept })}
        </p>
      )}
      {none && <p className="empty">{t('noTasks')}</p>}
      <div className="today-grid">
        {!!work?.patrol.length && (
          <section>
            <h3>{t('patrolWork')}</h3>
            <ul className="tasks" data-testid="app-tasks">
              {work.patrol.map((task) => {
                const pct = task.objectCount ? Math.round((100 * task.checkedCount) / task.objectCount) : 0;
                return (
                  <li key={task.id}>
                    <button
                      type="button"
                      className="card"
                      onClick={() => onOpen(task.id)}
                      data-testid="app-task"
                      data-task-id={task.id}
                    >
                      <span className="title">{task.planName}</span>
                      <span className={`tag s${task.taskStatus}`}>{t(`status${task.taskStatus}` as 'status0')}</span>
                      <span className="meta">
                        {t('due')} {when(task.periodEnd)}
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
          </section>
        )}
        {!!work?.sampling.length && (
          <section>
            <h3>{t('samplingWork')}</h3>
            <ul className="tasks" data-testid="app-samplings">
              {work.sampling.map((s) => {
                const done = s.state === 'done' || queued('sample', s.id);
                return (
                  <li key={s.id}>
                    <button
                      type="button"
                      className="card"
                      disabled={done}
                      onClick={() => onSample(s.id)}
                      data-testid="app-sampling"
                    >
                      <span className="title">{s.pointName ?? s.pointCode}</span>
                      <span className={`tag ${done ? 's2' : 's0'}`}>{t(done ? 'sampled' : 'status0')}</span>
                      <span className="meta">
                        {t('due')} {s.dueDate}
                      </span>
                      <span className="meta">
                        {s.planName} · {t('progress')} {done ? 1 : 0}/1
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        {!!work?.repairs.length && (
          <section>
            <h3>{t('repairWork')}</h3>
            <ul className="tasks" data-testid="app-repairs">
              {work.repairs.map((r) => {
                const pct = r.steps.length ? Math.round((100 * (r.stepNo - 1)) / r.steps.length) : 0;
                const sent = queued('repair', r.taskId);
                return (
                  <li key={r.taskId}>
                    <button
                      type="button"
                      className="card"
                      onClick={() => onRepair(r.taskId)}
                      disabled={sent}
                      data-testid="app-repair"
                    >
                      <span className="title">{r.title ?? r.processName}</span>
                      <span className={`tag ${sent ? 's2' : r.claimed ? 's1' : 's0'}`}>
                        {sent ? t('queued') : r.taskName}
                      </span>
                      <span className="meta">
                        {t('due')} {when(r.dueDate)}
                      </span>
                      <span className="meta">
                        {t('step')} {r.stepNo}/{r.steps.length}
                      </span>
                      <span className="progress">
                        <span style={{ width: `${pct}%` }} />
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
