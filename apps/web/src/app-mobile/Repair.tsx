/**
 * A repair step (爆管抢修 / 调度指令) on the phone: the process's steps and where this one stands, the burst's valves
 * in closing order (the shutValue page's list: valves to close nearest first, then the backups for valves that
 * cannot be operated) checked off one by one, and the step completed as a form with photos before and after the
 * work. Checking a valve off and the completion both go through the outbox, so they work offline and are sent
 * once, in the order they were made (the control room sees the closures as soon as they arrive).
 */
import { BackBar } from './AppChrome';
import { RepairCompleteForm } from './RepairCompleteForm';
import { RepairValves } from './RepairValves';
import { useRepair } from './useRepair';

export function Repair({ taskId, photoMaxKb, onBack }: { taskId: string; photoMaxKb: number; onBack: () => void }) {
  const { d, error, setError, closedNow, isWaiting, toggle, complete } = useRepair(taskId);

  return (
    <div className="page" data-testid="app-repair-view">
      <BackBar onBack={onBack} />
      {!d && (error ? <p className="error">{error}</p> : <p className="meta">…</p>)}
      {d && (
        <>
          <h2>{d.task.title ?? d.task.processName}</h2>
          <p className="meta">{[d.task.vars.address, d.task.vars.level].filter(Boolean).join(' · ')}</p>
          <ol className="steps" data-testid="app-steps">
            {d.task.steps.map((s, i) => (
              <li
                key={s.key}
                className={i + 1 < d.task.stepNo ? 'done' : i + 1 === d.task.stepNo ? 'current' : ''}
                aria-current={i + 1 === d.task.stepNo ? 'step' : undefined}
              >
                {s.name}
              </li>
            ))}
          </ol>
          {d.event && (
            <RepairValves
              event={d.event}
              valves={d.valves}
              closedNow={closedNow}
              isWaiting={isWaiting}
              onToggle={(v) => void toggle(v)}
            />
          )}
          <RepairCompleteForm
            taskName={d.task.taskName}
            photoMaxKb={photoMaxKb}
            error={error}
            setError={setError}
            onComplete={(note, before, after) => void complete(note, before, after).then((done) => done && onBack())}
          />
        </>
      )}
    </div>
  );
}
