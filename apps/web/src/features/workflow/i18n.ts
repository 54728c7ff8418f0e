/** Strings of the workflow area (流程): designer, lists, task detail, start screen, design management. */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
