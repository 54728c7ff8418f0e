/** Strings of the DMA分区 screens: zones, water balance, unbilled uses, night flow, leak events. */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
