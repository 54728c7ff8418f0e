/** Strings of the role and scope screens. */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
