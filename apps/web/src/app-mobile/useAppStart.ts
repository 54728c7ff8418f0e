/**
 * What the signed-in app starts once: the tenant's settings, the device hello, the release note not yet seen,
 * Today's tasks, the position watch and the outbox (flushed now, on reconnect and every 15 s while items wait).
 */
import { useEffect, useState } from 'react';
import { APP_VERSION, call, deviceId } from './api';
import { allItems, flush, type OutboxItem, onOutbox } from './outbox';
import { type Fix, latestFix, onFix, startWatching } from './position';
import type { Settings } from './types';

const DEFAULTS: Settings = {
  positionInterval: 30,
  checkinRadius: 100,
  photoMaxKb: 4096,
  stripExifGps: 1,
  gisLayers: '',
};
export const NOTE_SEEN = 'swp-app-note-seen';

export type ReleaseNote = { version: string; title: string; content: string };

export function useAppStart(loadTasks: () => Promise<void>) {
  const [settings, setSettings] = useState<Settings>(DEFAULTS);
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [me, setMe] = useState<Fix | null>(latestFix());
  const [note, setNote] = useState<ReleaseNote | null>(null);

  useEffect(() => {
    void call<Settings>('GET', '/api/swp-app/config').then(setSettings, () => undefined);
    void call('POST', '/api/swp-app/device/hello', { deviceId: deviceId(), appVersion: APP_VERSION }).catch(
      () => undefined,
    );
    void call<ReleaseNote | null>('GET', '/api/swp-app/release-note/latest').then(
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

  return { settings, items, me, note, setNote };
}
