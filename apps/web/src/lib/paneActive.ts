/**
 * Whether a keep-alive tab's page is the one shown. The shell's `Pane` provides it (shell/KeepAlive.tsx); pages
 * read `usePaneActive()` to pause work while hidden (timers, chart resizes). Shared so features need not import
 * the shell (issue 23).
 */
import { createContext, useContext } from 'react';

export interface PaneState {
  active: boolean;
  /** the tab's value (full path) */
  value: string;
}

export const PaneContext = createContext<PaneState>({ active: true, value: '' });

/** Whether the page's tab is the one shown. */
export function usePaneActive(): boolean {
  return useContext(PaneContext).active;
}
