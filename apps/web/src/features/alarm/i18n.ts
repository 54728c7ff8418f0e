/** Strings of 报警列表 (alarms: list, close, detail with evidence, export). */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
