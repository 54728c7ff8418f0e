/**
 * The 11 shell themes (spec 1 §2.5). Each restyles the whole app: antd's algorithm (dark for theme-dark) and
 * component tokens for layout and menu, plus CSS variables the shell's own styles read. The primary colour comes
 * from the colour picker and applies on top of any theme.
 */
import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { ThemeName } from '../stores/ui';

export interface ShellTheme {
  name: ThemeName;
  /** antd dark algorithm for every component */
  dark: boolean;
  /** menu theme of the sider */
  siderMenu: 'dark' | 'light';
  siderBg: string;
  /** a background image (gradient) painted over siderBg */
  siderImage?: string;
  siderSubBg: string;
  /** selected menu item background; 'primary' follows the colour picker */
  siderSelectedBg: string;
  siderText: string;
  logoBg: string;
  logoText: string;
  headerBg: string;
  headerImage?: string;
  headerText: string;
  layoutBg: string;
  /** tab bar strip */
  tabsBg: string;
  borderRadius: number;
}

const light = {
  dark: false,
  layoutBg: '#f0f2f5',
  headerBg: '#ffffff',
  headerText: 'rgba(0, 0, 0, 0.85)',
  tabsBg: '#ffffff',
  borderRadius: 4,
};

export const THEMES: Record<ThemeName, ShellTheme> = {
  'theme-default': {
    ...light,
    name: 'theme-default',
    siderMenu: 'dark',
    siderBg: '#20222a',
    siderSubBg: '#191a20',
    siderSelectedBg: 'primary',
    siderText: 'rgba(255, 255, 255, 0.7)',
    logoBg: '#20222a',
    logoText: '#ffffff',
  },
  'theme-white': {
    ...light,
    name: 'theme-white',
    siderMenu: 'light',
    siderBg: '#ffffff',
    siderSubBg: '#fafafa',
    siderSelectedBg: 'primary',
    siderText: 'rgba(0, 0, 0, 0.85)',
    logoBg: '#ffffff',
    logoText: 'rgba(0, 0, 0, 0.85)',
  },
  'theme-dark': {
    name: 'theme-dark',
    dark: true,
    siderMenu: 'dark',
    siderBg: '#141414',
    siderSubBg: '#0f0f0f',
    siderSelectedBg: 'primary',
    siderText: 'rgba(255, 255, 255, 0.65)',
    logoBg: '#141414',
    logoText: 'rgba(255, 255, 255, 0.85)',
    headerBg: '#1f1f1f',
    headerText: 'rgba(255, 255, 255, 0.85)',
    layoutBg: '#000000',
    tabsBg: '#141414',
    borderRadius: 4,
  },
  'theme-star': {
    ...light,
    name: 'theme-star',
    siderMenu: 'dark',
    siderBg: '#1f1147',
    siderImage:
      'radial-gradient(1px 1px at 20% 30%, #fff 50%, transparent 51%), radial-gradient(1px 1px at 70% 60%, #fff 50%, transparent 51%), radial-gradient(2px 2px at 40% 80%, rgba(255,255,255,.8) 50%, transparent 51%), linear-gradient(160deg, #3a1c71 0%, #d76d77 60%, #ffaf7b 100%)',
    siderSubBg: 'rgba(0, 0, 0, 0.15)',
    siderSelectedBg: 'rgba(255, 255, 255, 0.2)',
    siderText: 'rgba(255, 255, 255, 0.85)',
    logoBg: 'transparent',
    logoText: '#ffffff',
    headerBg: '#3a1c71',
    headerImage: 'linear-gradient(90deg, #3a1c71 0%, #d76d77 60%, #ffaf7b 100%)',
    headerText: '#ffffff',
  },
  'theme-blue': {
    ...light,
    name: 'theme-blue',
    siderMenu: 'dark',
    siderBg: '#1e3c72',
    siderImage: 'linear-gradient(180deg, #1e3c72 0%, #2a5298 100%)',
    siderSubBg: 'rgba(0, 0, 0, 0.12)',
    siderSelectedBg: 'rgba(255, 255, 255, 0.18)',
    siderText: 'rgba(255, 255, 255, 0.85)',
    logoBg: 'transparent',
    logoText: '#ffffff',
    headerBg: '#2a5298',
    headerImage: 'linear-gradient(90deg, #1e3c72 0%, #2a5298 100%)',
    headerText: '#ffffff',
    layoutBg: '#eef3fa',
  },
  'theme-iview': {
    ...light,
    name: 'theme-iview',
    siderMenu: 'dark',
    siderBg: '#515a6e',
    siderSubBg: '#363e4f',
    siderSelectedBg: 'primary',
    siderText: 'rgba(255, 255, 255, 0.7)',
    logoBg: '#515a6e',
    logoText: '#ffffff',
    layoutBg: '#f5f7f9',
  },
  'theme-vip': {
    ...light,
    name: 'theme-vip',
    siderMenu: 'dark',
    siderBg: '#303133',
    siderSubBg: '#262729',
    siderSelectedBg: '#8a6d3b',
    siderText: '#e6c07b',
    logoBg: '#262729',
    logoText: '#e6c07b',
    headerBg: '#303133',
    headerText: '#e6c07b',
    layoutBg: '#f4f1ea',
  },
  'theme-cool': {
    ...light,
    name: 'theme-cool',
    siderMenu: 'dark',
    siderBg: '#1d2b64',
    siderImage: 'linear-gradient(200deg, #1d2b64 0%, #3e5c9a 55%, #5fc3e4 100%)',
    siderSubBg: 'rgba(0, 0, 0, 0.12)',
    siderSelectedBg: 'rgba(255, 255, 255, 0.2)',
    siderText: 'rgba(255, 255, 255, 0.85)',
    logoBg: 'transparent',
    logoText: '#ffffff',
    headerBg: '#ffffff',
    headerText: '#1d2b64',
    layoutBg: '#eef2f7',
    borderRadius: 8,
  },
  'theme-d2': {
    ...light,
    name: 'theme-d2',
    siderMenu: 'light',
    siderBg: '#ebf1f6',
    siderSubBg: '#e2eaf1',
    siderSelectedBg: '#d5e3ef',
    siderText: '#2f3f4c',
    logoBg: '#ebf1f6',
    logoText: '#2f3f4c',
    headerBg: '#ebf1f6',
    headerText: '#2f3f4c',
    layoutBg: '#f3f6f9',
    tabsBg: '#ebf1f6',
  },
  'theme-hey': {
    ...light,
    name: 'theme-hey',
    siderMenu: 'dark',
    siderBg: '#2d3446',
    siderSubBg: '#262c3b',
    siderSelectedBg: 'primary',
    siderText: 'rgba(255, 255, 255, 0.7)',
    logoBg: '#252b3a',
    logoText: '#ffffff',
    layoutBg: '#f3f6f8',
    borderRadius: 2,
  },
  'theme-lte': {
    ...light,
    name: 'theme-lte',
    siderMenu: 'dark',
    siderBg: '#222d32',
    siderSubBg: '#2c3b41',
    siderSelectedBg: '#1e282c',
    siderText: '#b8c7ce',
    logoBg: '#367fa9',
    logoText: '#ffffff',
    headerBg: '#3c8dbc',
    headerText: '#ffffff',
    layoutBg: '#ecf0f5',
    borderRadius: 0,
  },
};

export function shellTheme(name: string): ShellTheme {
  return THEMES[name as ThemeName] ?? THEMES['theme-default'];
}

/** The antd theme for a shell theme and primary colour. */
export function antdThemeOf(t: ShellTheme, primary: string): ThemeConfig {
  const selected = t.siderSelectedBg === 'primary' ? primary : t.siderSelectedBg;
  const siderBg = t.siderImage ? 'transparent' : t.siderBg;
  const siderSub = t.siderImage ? 'transparent' : t.siderSubBg;
  return {
    algorithm: t.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: primary,
      borderRadius: t.borderRadius,
      colorBgLayout: t.layoutBg,
    },
    components: {
      Layout: {
        headerBg: t.headerBg,
        headerColor: t.headerText,
        headerHeight: 56,
        headerPadding: '0 12px',
        siderBg: t.siderBg,
        bodyBg: t.layoutBg,
        triggerBg: t.siderSubBg,
      },
      Menu: {
        darkItemBg: siderBg,
        darkSubMenuItemBg: siderSub,
        darkPopupBg: t.siderBg,
        darkItemSelectedBg: selected,
        darkItemColor: t.siderText,
        itemBg: siderBg,
        subMenuItemBg: siderSub,
        itemColor: t.siderText,
        ...(t.siderSelectedBg !== 'primary' && t.siderMenu === 'light' ? { itemSelectedBg: t.siderSelectedBg } : {}),
      },
    },
  };
}

/** CSS variables for the shell's own styles (header, sider, logo, tabs) from a theme. */
export function shellCssVars(t: ShellTheme): Record<string, string> {
  return {
    '--swp-header-bg': t.headerBg,
    '--swp-header-image': t.headerImage ?? 'none',
    '--swp-header-text': t.headerText,
    '--swp-sider-bg': t.siderBg,
    '--swp-sider-image': t.siderImage ?? 'none',
    '--swp-sider-text': t.siderText,
    '--swp-logo-bg': t.logoBg,
    '--swp-logo-text': t.logoText,
    '--swp-layout-bg': t.layoutBg,
    '--swp-tabs-bg': t.tabsBg,
  };
}
