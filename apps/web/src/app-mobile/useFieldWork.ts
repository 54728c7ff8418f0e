/**
 * The signed-in app's work: Today's list (kept for offline use as it arrives) and the open task's detail with its
 * network and basemap; one error shown for either.
 */
import { useCallback, useState } from 'react';
import { call } from './api';
import { t } from './i18n';
import { keepForOffline } from './offline';
import { basemapRequest } from './TaskMap';
import type { Network, TaskDetail, Work } from './types';

export function useFieldWork() {
  const [work, setWork] = useState<Work | null>(null);
  const [loading, setLoading] = useState(false);
  const [kept, setKept] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [detail, setDetail] = useState<TaskDetail | null>(null);
  const [network, setNetwork] = useState<Network | null>(null);

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

  /** a task about to be opened: nothing of the previous one shows while it loads */
  const clearTask = useCallback(() => {
    setDetail(null);
    setNetwork(null);
  }, []);

  return { work, loading, kept, error, detail, network, loadTasks, loadTask, clearTask };
}
