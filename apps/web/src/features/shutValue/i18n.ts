/** Strings of the public valve-shutdown page (`/list-operate/shutValue`), opened by a repair crew from a link. */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
