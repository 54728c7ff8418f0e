/**
 * The columns of the business screens: 业务表单 (BusinessFormPage), 数据模型 (BusinessDataModelPage), 业务设计
 * (BusinessDesignPage) and 业务分类 (BusinessCategoryPage), the list, the search bar and the dialog's fields each.
 */
import {
  businessCategoryApi,
  businessDataModelApi,
  businessFormApi,
  dataSourceApi,
  listOf,
} from '../../../api/lowcode';
import { type CrudColumn, remarkColumn, sortColumn } from '../../../components/crud';
import { toTreeOptions } from '../../../components/widgets/treeUtils';

const categoryOptions = async () =>
  toTreeOptions(await businessCategoryApi.tree()).map(function conv(n): any {
    return { label: n.title, value: n.value, children: n.children?.map(conv) };
  });

/** 业务表单's columns. */
export const businessFormColumns: CrudColumn[] = [
  { prop: 'formName', label: 'lowcode.biz.formName', search: true, required: 'lowcode.biz.formNameRequired' },
  { prop: 'formCode', label: 'lowcode.biz.formCode', search: true, required: 'lowcode.biz.formCodeRequired' },
  { prop: 'categoryId', label: 'lowcode.biz.category', type: 'tree', options: categoryOptions },
  {
    prop: 'dataModelId',
    label: 'lowcode.biz.dataModel',
    type: 'select',
    options: async () =>
      ((await businessDataModelApi.select()) ?? []).map((m) => ({ label: String(m.modelName), value: String(m.id) })),
  },
  remarkColumn('crud.remark'),
];

/** 数据模型's columns. */
export const businessDataModelColumns: CrudColumn[] = [
  { prop: 'modelName', label: 'lowcode.biz.modelName', search: true, required: 'lowcode.biz.modelNameRequired' },
  { prop: 'modelCode', label: 'lowcode.biz.modelCode', search: true, required: 'lowcode.biz.modelCodeRequired' },
  {
    prop: 'dbLinkId',
    label: 'lowcode.di.dbLink',
    type: 'select',
    options: async () =>
      listOf(await dataSourceApi.selector()).list.map((d) => ({ label: String(d.fullName), value: String(d.id) })),
  },
  {
    prop: 'tableName',
    label: 'lowcode.ds.table',
    required: 'lowcode.biz.tableRequired',
    tip: 'lowcode.biz.tableTip',
  },
  remarkColumn('crud.remark'),
];

const formOptions = async () =>
  ((await businessFormApi.listAll()) ?? []).map((f) => ({ label: String(f.formName), value: String(f.id) }));

/** 业务设计's columns. */
export const businessDesignColumns: CrudColumn[] = [
  {
    prop: 'designName',
    label: 'lowcode.biz.designName',
    search: true,
    required: 'lowcode.biz.designNameRequired',
  },
  {
    prop: 'formId',
    label: 'lowcode.biz.form',
    type: 'select',
    options: formOptions,
    required: 'lowcode.biz.formRequired',
  },
  { prop: 'groupName', label: 'lowcode.biz.groupName', search: true },
  remarkColumn('crud.remark'),
];

const parents = async () => [
  { label: 'lowcode.biz.root', value: '0' },
  ...toTreeOptions(await businessCategoryApi.tree()).map(function conv(n): any {
    return { label: n.title, value: n.value, children: n.children?.map(conv) };
  }),
];

/** 业务分类's columns. */
export const businessCategoryColumns: CrudColumn[] = [
  {
    prop: 'categoryName',
    label: 'lowcode.biz.categoryName',
    search: true,
    required: 'lowcode.biz.categoryNameRequired',
  },
  {
    prop: 'categoryCode',
    label: 'lowcode.biz.categoryCode',
    search: true,
    required: 'lowcode.biz.categoryCodeRequired',
  },
  { prop: 'parentId', label: 'lowcode.biz.parent', type: 'tree', options: parents, defaultValue: '0', hide: true },
  sortColumn('crud.sort', { min: 0, defaultValue: 0 }),
  remarkColumn('crud.remark'),
];
