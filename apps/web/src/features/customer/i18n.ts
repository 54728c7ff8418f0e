/** Strings of the customer and water-meter register (营业收费 › 用户管理). */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
