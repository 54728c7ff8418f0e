/** The screens there are and the data each shows. */
export const SCREENS = {
  overview: { name: '运营总览', nameEn: 'Utility overview', menu: 'screen_overview' },
  dispatch: { name: '调度大屏', nameEn: 'Dispatch screen', menu: 'screen_dispatch' },
} as const;
export type ScreenCode = keyof typeof SCREENS;
