/** Strings of the notice bell and the message centre. */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
