/**
 * The columns of the workflow design screens (pages.tsx): models, forms, deployments, categories, buttons, conditions
 * and the two history screens; the category picker they share.
 */
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { Row } from '../../../api/crud';
import { designApi } from '../../../api/workflow';
import { type CrudColumn, sortColumn } from '../../../components/crud';
import { TreeSelectField } from '../../../components/widgets';
import { toTreeOptions } from '../../../components/widgets/treeUtils';

/** The key prefix of the design screens' texts. */
export const D = 'workflow.design.';
const loadCategories = async () => toTreeOptions(await designApi.category.tree());

/** The workflow category tree, as a form field. */
export function CategorySelect(p: { value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  return <TreeSelectField value={p.value} onChange={p.onChange} disabled={p.disabled} load={loadCategories} />;
}

const categoryCol: CrudColumn = {
  prop: 'categoryId',
  label: `${D}category`,
  render: (v, r) => r.categoryName ?? v ?? '',
  component: (ctx) => <CategorySelect disabled={ctx.disabled} />,
};

/** 模型管理's columns. */
export const modelColumns: CrudColumn[] = [
  { prop: 'modelKey', label: `${D}modelKey`, search: true, required: `${D}keyRequired`, editDisabled: true },
  { prop: 'name', label: `${D}modelName`, search: true, required: `${D}nameRequired` },
  categoryCol,
  { prop: 'version', label: `${D}version`, width: 90, display: false, render: (v) => (v ? `v${v}` : '') },
  { prop: 'description', label: `${D}description`, type: 'textarea', span: 24, hide: true },
  { prop: 'updateTime', label: 'workflow.list.createTime', display: false, width: 170 },
];

/** 表单管理's columns. */
export const formColumns: CrudColumn[] = [
  { prop: 'formKey', label: `${D}formKey`, search: true, required: `${D}keyRequired`, editDisabled: true },
  { prop: 'name', label: `${D}formName`, search: true, required: `${D}nameRequired` },
  categoryCol,
  { prop: 'version', label: `${D}version`, width: 90, display: false, render: (v) => (v ? `v${v}` : '') },
  {
    prop: 'content',
    label: `${D}content`,
    type: 'textarea',
    rows: 10,
    span: 24,
    hide: true,
    rules: [
      {
        validator: async (_r, v) => {
          if (v === undefined || v === null || v === '' || typeof v === 'object') return;
          JSON.parse(String(v));
        },
        message: 'JSON',
      },
    ],
  },
  { prop: 'remark', label: `${D}remark`, hide: true },
];

/** 部署管理's columns; `active` tells a running deployment from a suspended one. */
export const deploymentColumns = (t: TFunction, active: (r: Row) => boolean): CrudColumn[] => [
  { prop: 'name', label: `${D}deploymentName`, search: true },
  { prop: 'key', label: 'workflow.list.processKey', search: true, render: (v, r) => v ?? r.processKey ?? '' },
  { prop: 'version', label: `${D}version`, width: 90, render: (v) => (v ? `v${v}` : '') },
  { prop: 'categoryName', label: `${D}category`, render: (v, r) => v ?? r.category ?? '' },
  { prop: 'deployTime', label: `${D}deployTime`, width: 170 },
  {
    prop: 'status',
    label: `${D}status`,
    width: 100,
    render: (_v, r) =>
      active(r) ? <Tag color="success">{t(`${D}statusActive`)}</Tag> : <Tag>{t(`${D}statusSuspended`)}</Tag>,
  },
];

/** 流程分类's columns. */
export const categoryColumns: CrudColumn[] = [
  { prop: 'name', label: `${D}categoryName`, search: true, required: `${D}nameRequired` },
  {
    prop: 'parentId',
    label: `${D}parent`,
    hide: true,
    component: (ctx) => <CategorySelect disabled={ctx.disabled} />,
  },
  sortColumn(`${D}sort`, { width: 90 }),
  { prop: 'remark', label: `${D}remark` },
];

/** 按钮管理's columns. */
export const buttonColumns: CrudColumn[] = [
  { prop: 'buttonKey', label: `${D}buttonKey`, search: true, required: `${D}keyRequired` },
  { prop: 'name', label: `${D}buttonName`, search: true, required: `${D}nameRequired` },
  { prop: 'display', label: `${D}status`, type: 'switch', width: 100 },
  sortColumn(`${D}sort`, { width: 90 }),
];

/** 条件管理's columns. */
export const conditionColumns: CrudColumn[] = [
  { prop: 'name', label: `${D}conditionName`, search: true, required: `${D}nameRequired` },
  { prop: 'expression', label: `${D}expression`, required: `${D}expressionRequired`, span: 24 },
  { prop: 'remark', label: `${D}remark` },
];

/** The columns of a model's or a form's history. */
export const historyColumns = (kind: 'model' | 'form'): CrudColumn[] =>
  kind === 'model'
    ? [
        { prop: 'modelKey', label: `${D}modelKey` },
        { prop: 'name', label: `${D}modelName` },
        { prop: 'version', label: `${D}version`, width: 90, render: (v) => `v${v}` },
        { prop: 'createTime', label: 'workflow.list.createTime', width: 170 },
        { prop: 'xml', label: 'XML', type: 'textarea', rows: 14, span: 24, hide: true },
      ]
    : [
        { prop: 'formKey', label: `${D}formKey` },
        { prop: 'name', label: `${D}formName` },
        { prop: 'version', label: `${D}version`, width: 90, render: (v) => `v${v}` },
        { prop: 'createTime', label: 'workflow.list.createTime', width: 170 },
        { prop: 'content', label: `${D}content`, type: 'textarea', rows: 14, span: 24, hide: true },
      ];
