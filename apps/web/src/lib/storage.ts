/**
 * Browser storage in the platform's format (spec 1 §3): every entry is stored under a key prefix as
 * `{ dataType, content, type, datetime }`, where `type` says session or local and `datetime` is the time it was
 * written. `getStore` returns the content, or the whole entry with `debug`.
 */
export const KEY_PREFIX = 'swp-';

export type StoreType = 'local' | 'session';

export interface StoreEntry<T = unknown> {
  dataType: string;
  content: T;
  type: StoreType;
  datetime: number;
}

function area(type: StoreType): Storage | undefined {
  try {
    return type === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return undefined;
  }
}

export function setStore<T>(name: string, content: T, type: StoreType = 'local', now = Date.now()) {
  const entry: StoreEntry<T> = { dataType: typeof content, content, type, datetime: now };
  area(type)?.setItem(KEY_PREFIX + name, JSON.stringify(entry));
}

export function getEntry<T>(name: string, type?: StoreType): StoreEntry<T> | undefined {
  const types: StoreType[] = type ? [type] : ['session', 'local'];
  for (const t of types) {
    const raw = area(t)?.getItem(KEY_PREFIX + name);
    if (raw == null) continue;
    try {
      const parsed = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && 'content' in parsed) return parsed as StoreEntry<T>;
      return { dataType: typeof parsed, content: parsed as T, type: t, datetime: 0 };
    } catch {
      return { dataType: 'string', content: raw as unknown as T, type: t, datetime: 0 };
    }
  }
  return undefined;
}

export function getStore<T>(name: string, type?: StoreType): T | undefined {
  return getEntry<T>(name, type)?.content;
}

export function removeStore(name: string, type?: StoreType) {
  for (const t of type ? [type] : (['session', 'local'] as StoreType[])) area(t)?.removeItem(KEY_PREFIX + name);
}

/** Removes every entry of ours from one storage area. */
export function clearStore(type: StoreType) {
  const s = area(type);
  if (!s) return;
  const mine: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(KEY_PREFIX)) mine.push(k);
  }
  for (const k of mine) s.removeItem(k);
}
