/** Strings of the 移动应用 administration screens. */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
