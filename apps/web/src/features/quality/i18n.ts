/** Strings of the 水质管理 screens. */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
