/** Strings of the 大屏展示 screens and their share links. */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
