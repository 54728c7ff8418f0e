/**
 * Strings of the 在线开发 screens 数据源管理 and 代码生成 and their menu entries (the seed's keys
 * `menu.lowcode.datasource` and `menu.lowcode.codeGen`). zh is the default; the CrudPage strings give the spec's
 * texts (确定将选择数据删除?, 新增成功…).
 */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
