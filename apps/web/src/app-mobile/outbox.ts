/**
 * The offline outbox: every check-in (with or without a hazard and photos), a patrol task's start and finish, a
 * sampling task done, a burst's valve checked off and a repair step completed (with its photos before and after) go
 * through it, online or not,
 * so one path sends everything. Items live in IndexedDB with the client ids they were made with, and are sent strictly in
 * the order they were made. A resend after a lost reply is harmless: the server returns the first outcome for a
 * known client id. A refusal by the server (the task was reassigned, the object already checked…) becomes a
 * conflict shown in the queue, never dropped; the items after it still go. A network failure stops the pass until
 * the connection returns.
 */
import { type ApiError, call } from './api';

export type ItemState = 'queued' | 'sending' | 'sent' | 'conflict';

export interface CheckBody {
  id: string;
  clientId: string;
  result: 1 | 2;
  lon?: number;
  lat?: number;
  accuracy?: number;
  eventType?: string;
  level?: number;
  description?: string;
  remark?: string;
}

/** What an item does; an item without a kind (made by an older version) is a check-in. */
export type ItemKind = 'check' | 'start' | 'finish' | 'sample' | 'repair' | 'valve';

const PATHS: Record<ItemKind, string> = {
  check: '/api/swp-app/check-in',
  start: '/api/swp-app/task/start',
  finish: '/api/swp-app/task/finish',
  sample: '/api/swp-app/sampling/done',
  repair: '/api/swp-app/repair/complete',
  valve: '/api/swp-app/repair/valve',
};

export interface OutboxItem {
  seq?: number;
  kind?: ItemKind;
  clientId: string;
  taskId: string;
  objectName: string;
  /** a check-in's fields, or the other kinds' request body (their own `id` / `taskId` and `clientId`) */
  body: CheckBody | (Record<string, unknown> & { clientId: string; id?: string; result?: undefined });
  /**
   * photos still to upload: data URLs with their own client ids (a repair's are grouped `before` / `after`);
   * `urls` are the uploaded ones, in the same order, `groups` their groups
   */
  photos: { clientId: string; data: string; group?: 'before' | 'after' }[];
  urls: string[];
  groups?: ('before' | 'after' | undefined)[];
  state: ItemState;
  error?: string;
  /** what the server said: distance and the far flag */
  distance?: number | null;
  far?: boolean;
  createdAt: number;
  sentAt?: number;
}

const DB = 'swp-app';
const STORE = 'outbox';
let dbp: Promise<IDBDatabase> | undefined;

function db(): Promise<IDBDatabase> {
  dbp ??= new Promise((resolve, reject) => {
    const r = indexedDB.open(DB, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  return dbp;
}

async function tx<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const d = await db();
  return new Promise((resolve, reject) => {
    const t = d.transaction(STORE, mode);
    const req = fn(t.objectStore(STORE));
    t.oncomplete = () => resolve(req.result);
    t.onerror = () => reject(t.error);
  });
}

const listeners = new Set<() => void>();
export function onOutbox(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}
const changed = () => {
  for (const l of listeners) l();
};

export const allItems = () => tx<OutboxItem[]>('readonly', (s) => s.getAll() as IDBRequest<OutboxItem[]>);
const put = (item: OutboxItem) => tx('readwrite', (s) => s.put(item));

export async function enqueue(item: Omit<OutboxItem, 'state' | 'createdAt' | 'urls'>) {
  await tx('readwrite', (s) => s.add({ ...item, urls: [], state: 'queued', createdAt: Date.now() }));
  changed();
  void flush();
}

/** Forgets sent items (the person clears the list); queued and conflicting ones stay. */
export async function clearSent() {
  for (const it of await allItems()) if (it.state === 'sent') await tx('readwrite', (s) => s.delete(it.seq!));
  changed();
}

/** A conflict the person has read and dismissed. */
export async function dismiss(seq: number) {
  await tx('readwrite', (s) => s.delete(seq));
  changed();
}

let running: Promise<void> | undefined;
let again = false;

/**
 * Sends what is queued, in order; one pass at a time. An item made while a pass runs (a check-in right after the
 * start was queued) gets another pass when this one ends, not the next timer. Resolves when the passes end.
 */
export function flush(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await pass();
    } while (again);
  })().finally(() => {
    running = undefined;
  });
  return running;
}

async function pass() {
  const items = (await allItems()).sort((a, b) => a.seq! - b.seq!);
  for (const it of items) {
    if (it.state !== 'queued' && it.state !== 'sending') continue;
    it.state = 'sending';
    await put(it);
    changed();
    try {
      while (it.photos.length) {
        const p = it.photos[0];
        const up = await call<{ url: string }>('POST', '/api/swp-app/photo', { clientId: p.clientId, data: p.data });
        it.urls.push(up.url);
        it.groups = [...(it.groups ?? []), p.group];
        it.photos.shift();
        await put(it);
      }
      const kind = it.kind ?? 'check';
      const inGroup = (g: 'before' | 'after') => it.urls.filter((_, i) => it.groups?.[i] === g);
      const body =
        kind === 'check'
          ? { ...it.body, photos: it.urls }
          : kind === 'repair'
            ? { ...it.body, photosBefore: inGroup('before'), photosAfter: inGroup('after') }
            : it.body;
      const r = await call<{ distance?: number | null; far?: boolean }>('POST', PATHS[kind], body);
      it.state = 'sent';
      it.distance = r?.distance ?? null;
      it.far = !!r?.far;
      it.sentAt = Date.now();
      await put(it);
      changed();
    } catch (e) {
      const err = e as ApiError;
      if (err.network || err.status === 401) {
        // still offline or signed out: keep it queued and stop; the next pass starts from here
        it.state = 'queued';
        await put(it);
        changed();
        return;
      }
      it.state = 'conflict';
      it.error = err.message;
      await put(it);
      changed();
    }
  }
}
