/** Site settings of the shell (spec 1 §9). Deployment flags (captcha, tenant and switch mode) come from the server. */
import type { TabEntry } from './tabs';

export const website = {
  /** token time in seconds: the token is refreshed once it is this old (the access token lives 3600 s) */
  tokenTime: 3000,
  /** the lock screen path */
  lockPage: '/lock',
  /** delay before the lock redirect */
  lockDelayMs: 100,
  /** the first page; `defaultPath`, when set, is where the first page redirects to */
  firstPage: {
    label: '首页',
    value: '/wel/index',
    params: {},
    query: {},
    meta: { i18n: 'home' },
    group: [],
  } as TabEntry,
  defaultPath: (import.meta.env.VITE_SWP_DEFAULT_PATH as string | undefined) || '',
  /**
   * Button permissions (spec 1 §6): a button shows only when the user's grants include its code. On by default since
   * issue 24 (the auditor was offered 审核, 编辑, 删除 on patrol plans and got 无权访问); `VITE_SWP_PERMISSION_JUDGE=off`
   * turns judging off (every button shows, the server still refuses).
   */
  permissionJudge: (import.meta.env.VITE_SWP_PERMISSION_JUDGE as string | undefined) !== 'off',
  /** default theme and colour */
  theme: 'theme-default',
  color: '#409EFF',
};
