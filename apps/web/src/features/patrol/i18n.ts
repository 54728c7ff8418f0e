/**
 * Strings of the patrol area (巡检管理) and staff location (人员定位): the menus and buttons of the patrol seed,
 * the vocabularies (facility, period, scope, statuses, order sources, event types), and the seven screens.
 */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
