/**
 * Today: my patrol tasks, sampling tasks and repair steps with their due time and progress; a refresh button and a
 * pull-down gesture reload them, and new work pushed on the live channel reloads them too (App.tsx).
 */
import { type ReactNode, useRef, useState } from 'react';
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

/** One kind of today's work under its heading; nothing while there is none of it. */
function WorkSection<T>(props: { title: string; testId: string; items?: T[]; children(item: T): ReactNode }) {
  if (!props.items?.length) return null;
  return (
    <section>
      <h3>{props.title}</h3>
      <ul className="tasks" data-testid={props.testId}>
        {props.items.map(props.children)}
      </ul>
    </section>
  );
}

/** A work card: title, state tag, due time, a progress line and (where it is counted) a progress bar. */
function WorkCard(props: {
  onClick(): void;
  disabled?: boolean;
  testId: string;
  taskId?: string;
  title: ReactNode;
  tagClass: string;
  tag: ReactNode;
  due: ReactNode;
  meta: string;
  pct?: number;
}) {
  return (
    <li>
      <button
        type="button"
        className="card"
        onClick={props.onClick}
        disabled={props.disabled}
        data-testid={props.testId}
        data-task-id={props.taskId}
      >
        <span className="title">{props.title}</span>
        <span className={`tag ${props.tagClass}`}>{props.tag}</span>
        <span className="meta">
          {t('due')} {props.due}
        </span>
        <span className="meta">{props.meta}</span>
        {props.pct !== undefined && (
          <span className="progress">
            <span style={{ width: `${props.pct}%` }} />
          </span>
        )}
      </button>
    </li>
  );
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
        <WorkSection title={t('patrolWork')} testId="app-tasks" items={work?.patrol}>
          {(task) => (
            <WorkCard
              key={task.id}
              onClick={() => onOpen(task.id)}
              testId="app-task"
              taskId={task.id}
              title={task.planName}
              tagClass={`s${task.taskStatus}`}
              tag={t(`status${task.taskStatus}` as 'status0')}
              due={when(task.periodEnd)}
              meta={`${t('progress')} ${task.checkedCount}/${task.objectCount}`}
              pct={task.objectCount ? Math.round((100 * task.checkedCount) / task.objectCount) : 0}
            />
          )}
        </WorkSection>
        <WorkSection title={t('samplingWork')} testId="app-samplings" items={work?.sampling}>
          {(s) => {
            const done = s.state === 'done' || queued('sample', s.id);
            return (
              <WorkCard
                key={s.id}
                onClick={() => onSample(s.id)}
                disabled={done}
                testId="app-sampling"
                title={s.pointName ?? s.pointCode}
                tagClass={done ? 's2' : 's0'}
                tag={t(done ? 'sampled' : 'status0')}
                due={s.dueDate}
                meta={`${s.planName} · ${t('progress')} ${done ? 1 : 0}/1`}
              />
            );
          }}
        </WorkSection>
        <WorkSection title={t('repairWork')} testId="app-repairs" items={work?.repairs}>
          {(r) => {
            const sent = queued('repair', r.taskId);
            return (
              <WorkCard
                key={r.taskId}
                onClick={() => onRepair(r.taskId)}
                disabled={sent}
                testId="app-repair"
                title={r.title ?? r.processName}
                tagClass={sent ? 's2' : r.claimed ? 's1' : 's0'}
                tag={sent ? t('queued') : r.taskName}
                due={when(r.dueDate)}
                meta={`${t('step')} ${r.stepNo}/${r.steps.length}`}
                pct={r.steps.length ? Math.round((100 * (r.stepNo - 1)) / r.steps.length) : 0}
              />
            );
          }}
        </WorkSection>
      </div>
    </div>
  );
}
