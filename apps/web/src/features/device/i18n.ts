/** Strings of 设备管理 (devices and their rules). */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
