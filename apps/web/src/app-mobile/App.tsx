/**
 * The field app's shell: sign-in, then Today, a task, or the outbox; the online state and the outbox count in the
 * header; the release note of a new version once; device hello and position reporting while a task runs.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { AppHeader, AppNav } from './AppChrome';
import { getSession, onSession } from './api';
import { t, useLang } from './i18n';
import { Login } from './Login';
import { useLive } from './live';
import { setDuty } from './position';
import { Queue } from './Queue';
import { ReleaseNoteSheet } from './ReleaseNoteSheet';
import { Repair } from './Repair';
import { Sampling } from './Sampling';
import { TaskView } from './TaskView';
import { Today } from './Today';
import { useAppStart } from './useAppStart';
import { useFieldWork } from './useFieldWork';

type View =
  | { kind: 'today' }
  | { kind: 'task'; id: string }
  | { kind: 'queue' }
  | { kind: 'sample'; id: string }
  | { kind: 'repair'; id: string };

export function App() {
  useLang();
  const session = useSyncExternalStore(onSession, getSession);
  return session ? <SignedIn key={session.userId} /> : <Login />;
}

function SignedIn() {
  const [view, setView] = useState<View>({ kind: 'today' });
  const { work, loading, kept, error, detail, network, loadTasks, loadTask, clearTask } = useFieldWork();
  const tasks = work?.patrol ?? null;
  const { settings, items, me, note, setNote } = useAppStart(loadTasks);

  // when queued items reach the server, reload what they changed
  const sentCount = items.filter((i) => i.state === 'sent').length;
  useEffect(() => {
    if (!sentCount) return;
    if (view.kind === 'task') void loadTask(view.id);
    void loadTasks();
  }, [sentCount, view, loadTask, loadTasks]);

  // new work pushed on the live channel reloads Today (polling while the socket is down)
  useLive(loadTasks);

  // on duty while any task of mine is in progress: report positions at the tenant's interval
  const onDuty = !!tasks?.some((x) => x.taskStatus === 1 || (x.taskStatus === 3 && x.startTime));
  useEffect(() => {
    setDuty(onDuty, settings.positionInterval);
    return () => setDuty(false, settings.positionInterval);
  }, [onDuty, settings.positionInterval]);

  const waiting = items.filter((i) => i.state === 'queued' || i.state === 'sending').length;
  const conflicts = items.filter((i) => i.state === 'conflict').length;
  const backToToday = () => {
    setView({ kind: 'today' });
    void loadTasks();
  };
  const sample = view.kind === 'sample' ? work?.sampling.find((s) => s.id === view.id) : undefined;

  return (
    <div className="app">
      <AppHeader />
      {onDuty && <div className="duty">{t('onDuty')}</div>}
      <main>
        {view.kind === 'today' && (
          <Today
            work={work}
            kept={kept}
            items={items}
            loading={loading}
            error={error}
            onRefresh={() => void loadTasks()}
            onOpen={(id) => {
              clearTask();
              setView({ kind: 'task', id });
              void loadTask(id);
            }}
            onSample={(id) => setView({ kind: 'sample', id })}
            onRepair={(id) => setView({ kind: 'repair', id })}
          />
        )}
        {sample && <Sampling task={sample} onBack={() => setView({ kind: 'today' })} />}
        {view.kind === 'repair' && <Repair taskId={view.id} photoMaxKb={settings.photoMaxKb} onBack={backToToday} />}
        {view.kind === 'task' && detail && detail.id === view.id && (
          <TaskView
            detail={detail}
            network={network}
            me={me}
            items={items}
            settings={settings}
            onBack={backToToday}
            onChanged={() => {
              void loadTask(view.id);
              void loadTasks();
            }}
          />
        )}
        {view.kind === 'queue' && <Queue items={items} />}
      </main>
      <AppNav
        onQueue={view.kind === 'queue'}
        waiting={waiting}
        conflicts={conflicts}
        onToday={() => setView({ kind: 'today' })}
        onOpenQueue={() => setView({ kind: 'queue' })}
      />
      {note && <ReleaseNoteSheet note={note} onClose={() => setNote(null)} />}
    </div>
  );
}
