/**
 * The open tabs (spec 1 §2.4, §4), kept in session storage so that a reload keeps them. The rules themselves are
 * pure functions in lib/tabs.ts. `versions` lets the shell remount a tab's page (clear cache).
 */
import { create } from 'zustand';
import { getStore, setStore } from '../lib/storage';
import type { TabEntry, TabsState } from '../lib/tabs';
import * as rules from '../lib/tabs';
import { website } from '../lib/website';

export type { TabEntry } from '../lib/tabs';

export interface TabsStore extends TabsState {
  /** bump to remount a tab's page */
  versions: Record<string, number>;
  add(tab: TabEntry): void;
  /** closes a tab; returns the tab to show next when the active one was closed */
  close(value: string): TabEntry | undefined;
  closeOthers(current: string): void;
  closeAll(): TabEntry;
  setActive(value: string): void;
  reset(): void;
  remount(values?: string[]): void;
}

function initial(): TabsState {
  const saved = getStore<TabsState>('tabs', 'session');
  if (saved?.list?.length && saved.active) return { list: saved.list, active: saved.active };
  return { list: [website.firstPage], active: website.firstPage.value };
}

function save(s: TabsState) {
  setStore('tabs', { list: s.list, active: s.active }, 'session');
}

export const useTabs = create<TabsStore>()((set, get) => {
  const apply = (next: TabsState) => {
    save(next);
    set({ list: next.list, active: next.active });
  };
  return {
    ...initial(),
    versions: {},
    add(tab) {
      apply(rules.addTab(get(), tab));
    },
    close(value) {
      const before = get().active;
      const next = rules.closeTab(get(), value);
      apply(next);
      return next.active !== before ? next.list.find((t) => t.value === next.active) : undefined;
    },
    closeOthers(current) {
      apply(rules.closeOthers(get(), current, website.firstPage.value));
    },
    closeAll() {
      apply(rules.closeAll(website.firstPage));
      return website.firstPage;
    },
    setActive(active) {
      if (get().list.some((t) => t.value === active)) apply({ list: get().list, active });
    },
    reset() {
      apply(rules.closeAll(website.firstPage));
      set({ versions: {} });
    },
    remount(values) {
      const versions = { ...get().versions };
      for (const v of values ?? get().list.map((t) => t.value)) versions[v] = (versions[v] ?? 0) + 1;
      set({ versions });
    },
  };
});
