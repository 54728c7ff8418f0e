/**
 * i18next with zh (default) and en. Shell strings come from zh.json/en.json; each feature folder may add an `i18n.ts`
 * exporting `{ zh, en }` under its own namespace key (read from its `i18n.zh.json` and `i18n.en.json`), merged here
 * so features never edit a shared file.
 *
 * Only what the sign-in and error pages need is bundled with them (shell, login, errors); every other feature's
 * and component's strings load with the signed-in shell (`loadFeatureStrings`, awaited before the layout shows;
 * test-setup awaits it too), so the login route's bundle does not grow with each new screen.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStore } from '../lib/storage';
import en from './en.json';
import zh from './zh.json';

type Tree = Record<string, unknown>;
type Strings = { zh: Tree; en: Tree };
const eager = import.meta.glob<Strings>(['../features/login/i18n.ts', '../features/errors/i18n.ts'], { eager: true });
const lazyStrings = {
  ...import.meta.glob<Strings>(['../features/**/i18n.ts', '!../features/login/i18n.ts', '!../features/errors/i18n.ts']),
  ...import.meta.glob<Strings>('../components/**/i18n.ts'),
};

function merge(base: Tree, add: Tree): Tree {
  for (const [k, v] of Object.entries(add)) {
    base[k] = v && typeof v === 'object' && !Array.isArray(v) ? merge((base[k] as Tree) ?? {}, v as Tree) : v;
  }
  return base;
}

const zhAll = merge({}, zh);
const enAll = merge({}, en);
for (const m of Object.values(eager)) {
  merge(zhAll, m.zh);
  merge(enAll, m.en);
}

let loading: Promise<void> | undefined;

/** Loads and merges every feature's and component's strings (once). */
export function loadFeatureStrings(): Promise<void> {
  loading ??= Promise.all(Object.values(lazyStrings).map((load) => load())).then((mods) => {
    for (const m of mods) {
      i18n.addResourceBundle('zh', 'translation', m.zh, true, true);
      i18n.addResourceBundle('en', 'translation', m.en, true, true);
    }
  });
  return loading;
}

export const LANGUAGE_KEY = 'swp-language';
export type Language = 'zh' | 'en';

/** The language kept by the UI store (a storage entry under LANGUAGE_KEY; a bare 'en' is accepted too). */
export function initialLanguage(): Language {
  return getStore<string>('language', 'local') === 'en' ? 'en' : 'zh';
}

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zhAll }, en: { translation: enAll } },
  lng: initialLanguage(),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
