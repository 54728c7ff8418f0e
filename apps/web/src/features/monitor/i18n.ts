/** Strings of the station monitoring screen and its history panel (spec 1 §2.13; 暂无数据 and 数据为空！ from §8). */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
