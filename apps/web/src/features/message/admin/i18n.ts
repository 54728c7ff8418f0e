/** Strings of the message template, config and log screens. */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
