/** The screens there are and the data each shows. */
export const SCREENS = {
  overview: { name: '运营总览', nameEn: 'Utility overview', menu: 'screen_overview' },
  dispatch: { name: '调度大屏', nameEn: 'Dispatch screen', menu: 'screen_dispatch' },
} as const;
export type ScreenCode = keyof typeof SCREENS;

/** Service pressure band of the network points, MPa (CJJ 207: at least 0.28 at the tap; above 0.6 is excess). */
export const PRESSURE_BAND = { min: 0.28, max: 0.6 };
