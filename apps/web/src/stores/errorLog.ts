/**
 * The local error log (spec 1 §2.5, §3, §8): entries of type bug or error with url, message, stack, time and
 * info, kept in local storage. Unhandled interface errors and script errors are appended here; the dialog uploads
 * or clears them.
 */
import { create } from 'zustand';
import { getStore, removeStore, setStore } from '../lib/storage';

export interface ErrorLogEntry {
  type: 'bug' | 'error';
  url: string;
  message: string;
  stack?: string;
  info?: string;
  /** YYYY-MM-DD HH:mm:ss */
  time: string;
}

/** at most this many entries are kept (the oldest go first) */
export const ERROR_LOG_LIMIT = 200;

export interface ErrorLogStore {
  list: ErrorLogEntry[];
  add(entry: Omit<ErrorLogEntry, 'time'> & { time?: string }): void;
  clear(): void;
}

const pad = (n: number) => String(n).padStart(2, '0');
export function formatTime(d = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export const useErrorLog = create<ErrorLogStore>()((set, get) => ({
  list: getStore<ErrorLogEntry[]>('logsList', 'local') ?? [],
  add(entry) {
    const e: ErrorLogEntry = {
      type: entry.type === 'bug' ? 'bug' : 'error',
      url: entry.url ?? '',
      message: entry.message ?? '',
      stack: entry.stack,
      info: entry.info,
      time: entry.time ?? formatTime(),
    };
    const list = [e, ...get().list].slice(0, ERROR_LOG_LIMIT);
    setStore('logsList', list, 'local');
    set({ list });
  },
  clear() {
    removeStore('logsList', 'local');
    set({ list: [] });
  },
}));
