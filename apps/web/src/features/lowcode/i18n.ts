/** Strings of the low-code screens: designer, online modules, dynamic lists and business forms (the data services: `data/i18n.ts`). */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
