/** Strings of the JNPF data-service screens and online users. */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
