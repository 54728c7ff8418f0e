/** Strings of the billing area (营业收费): the water tariff screen (水价标准). */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
