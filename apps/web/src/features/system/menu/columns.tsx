/** The columns of 菜单管理 (MenuPage): the list, the search bar and the dialog's fields in one schema. */
import { type Menu, menuApi } from '../../../api/system';
import { type CrudColumn, remarkColumn, sortColumn } from '../../../components/crud';
import { TreeSelectField } from '../../../components/widgets';
import { toTreeOptions } from '../../../components/widgets/treeUtils';
import { FormScriptField } from './FormScriptField';

const menuTree = async () => [
  { value: '0', title: '顶级', children: toTreeOptions(await menuApi.menuList(), { title: 'name', value: 'id' }) },
];

export const menuColumns: CrudColumn<Menu>[] = [
  { prop: 'name', label: 'menuMgr.name', search: true, required: 'menuMgr.nameRequired' },
  { prop: 'code', label: 'menuMgr.code', search: true, required: 'menuMgr.codeRequired' },
  { prop: 'alias', label: 'menuMgr.alias' },
  { prop: 'path', label: 'menuMgr.path', search: true },
  { prop: 'source', label: 'menuMgr.source', tip: 'menuMgr.sourceTip' },
  { prop: 'i18n', label: 'menuMgr.i18n', hide: true },
  {
    prop: 'parentId',
    label: 'menuMgr.parentId',
    hide: true,
    span: 24,
    component: () => <TreeSelectField load={menuTree} />,
    defaultValue: '0',
  },
  {
    prop: 'category',
    label: 'menuMgr.category',
    type: 'radio',
    dict: 'menu_category',
    numeric: true,
    required: 'menuMgr.categoryRequired',
    defaultValue: 1,
  },
  {
    prop: 'action',
    label: 'menuMgr.action',
    type: 'radio',
    dict: 'button_func',
    numeric: true,
    defaultValue: 0,
    hide: true,
  },
  { prop: 'isOpen', label: 'menuMgr.isOpen', type: 'radio', dict: 'menu_open', numeric: true, defaultValue: 1 },
  sortColumn('crud.sort', { min: 0, required: 'menuMgr.sortRequired', defaultValue: 1 }),
  { prop: 'propertyJson', label: 'menuMgr.propertyJson', hide: true, span: 24, tip: 'menuMgr.propertyTip' },
  {
    prop: 'formScript',
    label: 'menuMgr.formScript',
    hide: true,
    span: 24,
    tip: 'menuMgr.formScriptTip',
    component: (ctx) => <FormScriptField disabled={ctx.disabled} />,
  },
  { prop: 'saberPath', label: 'menuMgr.saberPath', hide: true, tip: 'menuMgr.dialectTip' },
  { prop: 'saberSource', label: 'menuMgr.saberSource', hide: true },
  { prop: 'swordPath', label: 'menuMgr.swordPath', hide: true, tip: 'menuMgr.dialectTip' },
  { prop: 'swordSource', label: 'menuMgr.swordSource', hide: true },
  remarkColumn('crud.remark', { hide: true }),
];
