/** Strings of the JNPF permission screens (组织权限, 组织管理) and their menu entries. */
export { default as en } from './i18n.en.json';
export { default as zh } from './i18n.zh.json';
