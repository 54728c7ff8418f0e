/** Strings of the 供水调度 screens: process diagram, dispatch orders, supply plan. */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
