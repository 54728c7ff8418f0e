/**
 * Tab bar rules (spec 1 §2.4, §4), pure:
 * - adding a tab that is already open keeps a single copy;
 * - with exactly one tab it is not closable;
 * - close-others keeps the current tab and the first-page tab;
 * - close-all resets to the welcome (first-page) tab;
 * - closing the active tab activates the previous one, or the first if it was the first.
 */
export interface TabEntry {
  label: string;
  /** the full path (path and query) that identifies the tab */
  value: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  meta?: { i18n?: string; isTab?: boolean; [k: string]: unknown };
  group?: string[];
}

export interface TabsState {
  list: TabEntry[];
  /** the value of the active tab */
  active: string;
}

export function addTab(state: TabsState, tab: TabEntry): TabsState {
  const i = state.list.findIndex((t) => t.value === tab.value);
  const list = i >= 0 ? state.list.map((t, j) => (j === i ? { ...t, ...tab } : t)) : [...state.list, tab];
  return { list, active: tab.value };
}

export function isClosable(list: TabEntry[]): boolean {
  return list.length > 1;
}

export function closeTab(state: TabsState, value: string): TabsState {
  if (!isClosable(state.list)) return state;
  const key = state.list.findIndex((t) => t.value === value);
  if (key < 0) return state;
  const list = state.list.filter((_, j) => j !== key);
  if (value !== state.active) return { list, active: state.active };
  const next = list[key === 0 ? 0 : key - 1];
  return { list, active: next.value };
}

export function closeOthers(state: TabsState, current: string, firstPage: string): TabsState {
  return { list: state.list.filter((t) => t.value === current || t.value === firstPage), active: current };
}

export function closeAll(firstPage: TabEntry): TabsState {
  return { list: [firstPage], active: firstPage.value };
}
