/** Strings of the map widgets (equipment picker, map & coordinate dialog) and of the network map screens. */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
