/** Strings of the pipe-network screens: 管网地图 and 爆管事件 (the map widgets' own strings are in components/map). */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
