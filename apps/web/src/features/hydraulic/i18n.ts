/** Strings of the 辅助决策 screens: the hydraulic model and the scenarios. */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
