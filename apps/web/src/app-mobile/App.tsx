/**
 * The field app's shell: sign-in, then Today, a task, or the outbox; the online state and the outbox count in the
 * header; the release note of a new version once; device hello and position reporting while a task runs.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { APP_VERSION, call, deviceId, getSession, onSession, signOut } from './api';
import { getLang, setLang, t, useLang } from './i18n';
import { Login } from './Login';
import { useLive } from './live';
import { keepForOffline } from './offline';
import { allItems, flush, type OutboxItem, onOutbox } from './outbox';
import { type Fix, latestFix, onFix, setDuty, startWatching } from './position';
import { Queue } from './Queue';
import { Repair } from './Repair';
import { Sampling } from './Sampling';
import { basemapRequest } from './TaskMap';
import { TaskView } from './TaskView';
import { Today } from './Today';
import type { Network, Settings, TaskDetail, Work } from './types';

const DEFAULTS: Settings = {
  positionInterval: 30,
  checkinRadius: 100,
  photoMaxKb: 4096,
  stripExifGps: 1,
  gisLayers: '',
};
const NOTE_SEEN = 'swp-app-note-seen';

function useOnline() {
  return useSyncExternalStore(
    (cb) => {
      window.addEventListener('online', cb);
      window.addEventListener('offline', cb);
      return () => {
        window.removeEventListener('online', cb);
        window.removeEventListener('offline', cb);
      };
    },
    () => navigator.onLine,
  );
}

export function App() {
  useLang();
  const session = useSyncExternalStore(onSession, getSession);
  return session ? <SignedIn key={session.userId} /> : <Login />;
}

function SignedIn() {
  const online = useOnline();
  const [view, setView] = useState<
    | { kind: 'today' }
    | { kind: 'task'; id: string }
    | { kind: 'queue' }
    | { kind: 'sample'; id: string }
    | { kind: 'repair'; id: string }
  >({
    kind: 'today',
  });
  const [work, setWork] = useState<Work | null>(null);
  const tasks = work?.patrol ?? null;
  const [loading, setLoading] = useState(false);
  const [kept, setKept] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [detail, setDetail] = useState<TaskDetail | null>(null);
  const [network, setNetwork] = useState<Network | null>(null);
  const [settings, setSettings] = useState<Settings>(DEFAULTS);
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [me, setMe] = useState<Fix | null>(latestFix());
  const [note, setNote] = useState<{ version: string; title: string; content: string } | null>(null);

  const loadTasks = useCallback(async () => {
    setLoading(true);
    setError('');
    try {
      const w = await call<Work>('GET', '/api/swp-app/work/today');
      setWork(w);
      // each of Today's tasks kept for offline use, so one never opened online still works without a connection
      void keepForOffline(w).then((n) => setKept(n));
    } catch (e) {
      setError(
        (e as Error).message === 'offline' || (e as Error).message === 'network' ? t('offline') : (e as Error).message,
      );
    } finally {
      setLoading(false);
    }
  }, []);

  const loadTask = useCallback(async (id: string) => {
    let objects: TaskDetail['objects'] = [];
    try {
      const d = await call<TaskDetail>('GET', '/api/swp-app/task/detail', undefined, { id });
      objects = d.objects;
      setDetail(d);
    } catch (e) {
      setError((e as Error).message);
    }
    try {
      setNetwork(await call<Network>('GET', '/api/swp-app/task/network', undefined, { id }));
    } catch {
      setNetwork(null);
      return;
    }
    // the console map's basemap of the task's area, under the network (drawn without it when it cannot be read)
    const bm = basemapRequest(objects);
    if (bm)
      void call<{ features: Network['basemap'] }>('GET', bm.path, undefined, bm.query).then(
        (fc) => setNetwork((n) => n && { ...n, basemap: fc?.features ?? [] }),
        () => undefined,
      );
  }, []);

  // start: settings, device hello, the release note, tasks, the position watch and the outbox
  useEffect(() => {
    void call<Settings>('GET', '/api/swp-app/config').then(setSettings, () => undefined);
    void call('POST', '/api/swp-app/device/hello', { deviceId: deviceId(), appVersion: APP_VERSION }).catch(
      () => undefined,
    );
    void call<typeof note>('GET', '/api/swp-app/release-note/latest').then(
      (n) => n && localStorage.getItem(NOTE_SEEN) !== n.version && setNote(n),
      () => undefined,
    );
    void loadTasks();
    startWatching();
    const offFix = onFix(setMe);
    const reload = () => void allItems().then(setItems);
    reload();
    const offBox = onOutbox(reload);
    void flush();
    // while items wait, try again now and then (the online event is not always reliable on phones)
    const retry = window.setInterval(() => void flush(), 15_000);
    const back = () => void flush();
    window.addEventListener('online', back);
    return () => {
      offFix();
      offBox();
      clearInterval(retry);
      window.removeEventListener('online', back);
    };
  }, [loadTasks]);

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

  return (
    <div className="app">
      <header>
        <b>{t('appName')}</b>
        <span className={`dot ${online ? 'on' : 'off'}`} data-testid="app-online">
          {online ? t('online') : t('offline')}
        </span>
        <button type="button" onClick={() => setLang(getLang() === 'zh' ? 'en' : 'zh')}>
          {t('lang')}
        </button>
        <button type="button" onClick={() => void signOut()} data-testid="app-sign-out">
          {t('signOut')}
        </button>
      </header>
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
              setDetail(null);
              setNetwork(null);
              setView({ kind: 'task', id });
              void loadTask(id);
            }}
            onSample={(id) => setView({ kind: 'sample', id })}
            onRepair={(id) => setView({ kind: 'repair', id })}
          />
        )}
        {view.kind === 'sample' && work?.sampling.find((s) => s.id === view.id) && (
          <Sampling task={work.sampling.find((s) => s.id === view.id)!} onBack={() => setView({ kind: 'today' })} />
        )}
        {view.kind === 'repair' && (
          <Repair
            taskId={view.id}
            photoMaxKb={settings.photoMaxKb}
            onBack={() => {
              setView({ kind: 'today' });
              void loadTasks();
            }}
          />
        )}
        {view.kind === 'task' && detail && detail.id === view.id && (
          <TaskView
            detail={detail}
            network={network}
            me={me}
            items={items}
            settings={settings}
            onBack={() => {
              setView({ kind: 'today' });
              void loadTasks();
            }}
            onChanged={() => {
              void loadTask(view.id);
              void loadTasks();
            }}
          />
        )}
        {view.kind === 'queue' && <Queue items={items} />}
      </main>
      <nav>
        <button
          type="button"
          className={view.kind !== 'queue' ? 'active' : ''}
          onClick={() => setView({ kind: 'today' })}
        >
          {t('today')}
        </button>
        <button
          type="button"
          className={view.kind === 'queue' ? 'active' : ''}
          onClick={() => setView({ kind: 'queue' })}
          data-testid="app-queue-tab"
        >
          {t('queue')}
          {waiting > 0 && (
            <span className="badge" data-testid="app-queue-count">
              {waiting}
            </span>
          )}
          {conflicts > 0 && <span className="badge red">{conflicts}</span>}
        </button>
      </nav>
      {note && (
        <div className="sheet" role="dialog" aria-modal="true" aria-label={t('whatsNew')}>
          <div className="sheet-body">
            <h3>
              {t('whatsNew')} · {note.version}
            </h3>
            <b>{note.title}</b>
            <p className="pre">{note.content}</p>
            <button
              type="button"
              className="primary"
              onClick={() => {
                localStorage.setItem(NOTE_SEEN, note.version);
                setNote(null);
              }}
            >
              {t('ok')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
