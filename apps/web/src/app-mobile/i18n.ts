/** The field app's strings, zh (default) and en; a small dictionary instead of i18next keeps the app light. */
import { useSyncExternalStore } from 'react';
import enStrings from './i18n.en.json';
import zh from './i18n.zh.json';

type Key = keyof typeof zh;
const en: Record<Key, string> = enStrings;

const EVENT = {
  zh: {
    leak: '管道漏水',
    valve_damage: '阀门损坏',
    cover_missing: '井盖缺失',
    illegal_work: '违章施工',
    hydrant_damage: '消火栓损坏',
    occupation: '管线占压',
  },
  en: {
    leak: 'Pipe leak',
    valve_damage: 'Valve damaged',
    cover_missing: 'Manhole cover missing',
    illegal_work: 'Illegal works',
    hydrant_damage: 'Hydrant damaged',
    occupation: 'Building over the main',
  },
};
export const EVENT_TYPES = Object.keys(EVENT.zh) as (keyof typeof EVENT.zh)[];

type Lang = 'zh' | 'en';
let lang: Lang = (localStorage.getItem('swp-app-lang') as Lang) || 'zh';
const subs = new Set<() => void>();
export function setLang(l: Lang) {
  lang = l;
  localStorage.setItem('swp-app-lang', l);
  document.documentElement.lang = l === 'zh' ? 'zh-CN' : 'en';
  for (const s of subs) s();
}
export const getLang = () => lang;

export function t(key: Key, vars?: Record<string, string | number>): string {
  let s = (lang === 'zh' ? zh : en)[key];
  for (const [k, v] of Object.entries(vars ?? {})) s = s.replace(`{${k}}`, String(v));
  return s;
}
export const eventName = (code: string) => (EVENT[lang] as Record<string, string>)[code] ?? code;

/** Re-renders the caller when the language changes. */
export function useLang(): Lang {
  return useSyncExternalStore(
    (cb) => {
      subs.add(cb);
      return () => subs.delete(cb);
    },
    () => lang,
  );
}
