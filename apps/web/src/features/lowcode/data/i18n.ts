/**
 * Strings of the data-service screens (数据连接, 数据建模, 数据接口, 数据同步, 数据备份, 报表管理) and their menu
 * entries. zh is the default; the spec's texts (确定将选择数据删除?, 新增成功…) come from the CrudPage strings.
 */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
