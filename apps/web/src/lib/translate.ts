/**
 * Display names from i18n keys (menu meta.i18n, top menus, tabs): the key itself, or under `route.`, when it has
 * a string translation; undefined otherwise so that callers fall back to the name the server sent.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../i18n';
import type { Translate } from './menu';
import type { TabEntry } from './tabs';

export function translateKey(key?: string | null, lng = i18n.language): string | undefined {
  if (!key) return undefined;
  for (const k of [key, `route.${key}`]) {
    const v = i18n.getResource(lng, 'translation', k) ?? i18n.getResource('zh', 'translation', k);
    if (typeof v === 'string') return v;
  }
  return undefined;
}

export function tabTitle(tab: Pick<TabEntry, 'label' | 'meta'>, lng = i18n.language): string {
  const nameEn = lng === 'en' && typeof tab.meta?.nameEn === 'string' ? tab.meta.nameEn : undefined;
  return translateKey(tab.meta?.i18n, lng) ?? (nameEn || tab.label);
}

/** translate() bound to the current language; components re-render when it changes */
export function useTranslateKey(): Translate {
  const { i18n: inst } = useTranslation();
  const lng = inst.language;
  return useMemo(() => Object.assign((key: string) => translateKey(key, lng), { language: lng }), [lng]);
}
