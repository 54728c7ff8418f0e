/** Strings of the system administration screens (zh texts of spec 1 §5 where the spec gives them). */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
