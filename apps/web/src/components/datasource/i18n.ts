/**
 * Strings of the connection test and the 数据表 button, shared by the two data-source screens (在线开发's 数据源管理
 * and 数据服务's 数据连接), which word them the same.
 */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
