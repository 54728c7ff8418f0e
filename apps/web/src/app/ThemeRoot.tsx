/**
 * Applies the chosen theme, colour and language to everything: antd's ConfigProvider (algorithm, tokens, locale),
 * CSS variables for the shell's own styles, the theme name as the body class, the colour scheme; no motion for a
 * visitor who asked the system to reduce it.
 */
import { CheckOutlined, IconProvider } from '@ant-design/icons';
import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo } from 'react';
import i18n from '../i18n';
import { usePrefersReducedMotion } from '../lib/reducedMotion';
import { antdThemeOf, shellCssVars, shellTheme } from '../lib/themes';
import { THEME_NAMES, useUi } from '../stores/ui';

function ThemeVars({ name }: { name: string }) {
  const { token } = theme.useToken();
  useEffect(() => {
    const t = shellTheme(name);
    const root = document.documentElement;
    const vars: Record<string, string> = {
      ...shellCssVars(t),
      '--swp-primary': token.colorPrimary,
      '--swp-primary-bg': token.colorPrimaryBg,
      '--swp-error': token.colorError,
      '--swp-error-bg': token.colorErrorBg,
      '--swp-error-border': token.colorErrorBorder,
      '--swp-bg-container': token.colorBgContainer,
      '--swp-bg-elevated': token.colorBgElevated,
      '--swp-text': token.colorText,
      '--swp-text-secondary': token.colorTextSecondary,
      '--swp-border': token.colorBorderSecondary,
      '--swp-hover-bg': token.controlItemBgHover,
      '--swp-fill': token.colorFillTertiary,
      '--swp-radius': `${token.borderRadius}px`,
    };
    for (const [k, v] of Object.entries(vars)) root.style.setProperty(k, v);
    root.style.colorScheme = t.dark ? 'dark' : 'light';
    root.dataset.theme = t.name;
    document.body.classList.remove(...THEME_NAMES);
    document.body.classList.add(t.name);
  }, [name, token]);
  return null;
}

/**
 * Icons without their per-icon style check: every icon, when it mounts, looks through all the `<style>` elements
 * of the page for the icons' stylesheet (hundreds once antd has styled a few screens), so a list with a few icons
 * per row paid that scan dozens of times on open (issue 24 item 10). The stylesheet is put in once, by the one
 * icon below that keeps the check; all the others skip it.
 */
const NO_ICON_STYLE_CHECK = { zeroRuntime: true };

function IconStylesOnce() {
  return (
    <span hidden aria-hidden>
      <CheckOutlined />
    </span>
  );
}

export function ThemeRoot({ children }: { children: ReactNode }) {
  const themeName = useUi((s) => s.themeName);
  const color = useUi((s) => s.color);
  const language = useUi((s) => s.language);
  const reduceMotion = usePrefersReducedMotion();
  const config = useMemo(() => {
    const c = antdThemeOf(shellTheme(themeName), color);
    return reduceMotion ? { ...c, token: { ...c.token, motion: false } } : c;
  }, [themeName, color, reduceMotion]);

  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
  }, [language]);

  return (
    <ConfigProvider locale={language === 'en' ? enUS : zhCN} theme={config}>
      <ThemeVars name={themeName} />
      <IconStylesOnce />
      <IconProvider value={NO_ICON_STYLE_CHECK}>{children}</IconProvider>
    </ConfigProvider>
  );
}
