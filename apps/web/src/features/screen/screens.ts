import type { ScreenLoader } from '../registry';

/** 大屏展示: the share links page inside the shell (the screens themselves are routes outside it, app/router.tsx). */
export const screens: Record<string, ScreenLoader> = {
  '/screen-share': () => import('./ShareLinkPage'),
  '/screen-layout': () => import('./LayoutEditorPage'),
};
