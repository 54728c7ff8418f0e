/** Strings of the shared widgets (zh texts are the spec's). */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
