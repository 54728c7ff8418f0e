/**
 * 组织管理 (`/api/permission/Organize`, the JNPF dialect over the same organisations as 机构管理): the company and
 * department tree (`Organize/Selector`, every level), a keyword shows the matching nodes; add (a company through
 * `POST Organize`, a department or team through `POST Organize/Department`), edit, view and delete by id, the
 * parent chosen from `Organize/Selector` (without the node itself and its descendants when editing), and
 * enable/disable through `{id}/Actions/State`.
 */
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Switch, Tag } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi, Row } from '../../api/crud';
import { type OrgRow, permissionApi } from '../../api/permission';
import { type CrudColumn, type CrudHandle, CrudPage } from '../../components/crud';
import { TreeSelectField } from '../../components/widgets';
import { filterOrgTree, toOptions } from './logic';

const ORG = permissionApi.organize;

const CATEGORIES = [
  { label: 'perm.org.company', value: 1 },
  { label: 'perm.org.department', value: 2 },
  { label: 'perm.org.team', value: 3 },
];
const CATEGORY_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'default' };

/** The fields `Organize` reads on a write. */
const wire = (row: Row) => ({
  parentId: row.parentId === undefined || row.parentId === null || row.parentId === '' ? '0' : String(row.parentId),
  fullName: row.fullName,
  enCode: row.enCode ?? null,
  sortCode: row.sortCode,
  description: row.description ?? null,
  enabledMark: row.enabledMark,
});

export const organizeCrudApi: CrudApi<OrgRow> = {
  key: '/api/permission/Organize',
  page: async (q) => filterOrgTree((await ORG.selector())?.list ?? [], q.keyword),
  detail: (id) => ORG.info(id),
  submit: (row) => {
    if (row.id) return ORG.update(String(row.id), wire(row));
    if (Number(row.deptCategory) === 1) return ORG.createCompany(wire(row));
    return ORG.createDepartment({ ...wire(row), deptCategory: Number(row.deptCategory ?? 2) });
  },
  remove: async (ids) => {
    for (const id of ids) await ORG.remove(id);
  },
};

export default function OrganizePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const handle = useRef<CrudHandle<OrgRow> | null>(null);

  const parents = async (excludeId?: string) => [
    { value: '0', title: t('perm.org.root'), children: toOptions((await ORG.selector(excludeId))?.list) },
  ];

  const toggle = async (row: OrgRow, on: boolean) => {
    try {
      await ORG.state(String(row.id), on ? 1 : 0);
      message.success(t('crud.operationSuccess'));
    } catch {
      // the HTTP client has shown the server's reason
    }
    handle.current?.reload();
  };

  const columns: CrudColumn<OrgRow>[] = [
    {
      prop: 'fullName',
      label: 'perm.org.fullName',
      search: true,
      searchProp: 'keyword',
      required: 'perm.org.nameRequired',
      width: 260,
    },
    { prop: 'enCode', label: 'perm.org.enCode' },
    {
      prop: 'deptCategory',
      label: 'perm.org.category',
      type: 'select',
      options: CATEGORIES,
      defaultValue: 2,
      required: 'perm.org.categoryRequired',
      editDisabled: true,
      width: 110,
      render: (v) => {
        const c = CATEGORIES.find((x) => x.value === Number(v));
        return c ? <Tag color={CATEGORY_COLORS[c.value]}>{t(c.label)}</Tag> : null;
      },
    },
    {
      prop: 'parentId',
      label: 'perm.org.parentId',
      hide: true,
      defaultValue: '0',
      component: ({ mode, row, disabled }) => (
        <TreeSelectField
          disabled={disabled}
          allowClear={false}
          load={() => parents(mode === 'edit' && row?.id ? String(row.id) : undefined)}
        />
      ),
    },
    { prop: 'sortCode', label: 'crud.sort', type: 'number', min: 0, defaultValue: 0, width: 90 },
    {
      prop: 'enabledMark',
      label: 'crud.status',
      type: 'switch',
      defaultValue: 1,
      width: 90,
      render: (v, row) => (
        <Switch
          size="small"
          checked={Number(v) === 1}
          aria-label={`${row.fullName ?? ''} ${t('crud.status')}`.trim()}
          onClick={(checked, e) => {
            e.stopPropagation();
            void toggle(row, checked);
          }}
        />
      ),
    },
    { prop: 'description', label: 'perm.org.description', type: 'textarea', hide: true },
  ];

  return (
    <CrudPage<OrgRow>
      api={organizeCrudApi}
      columns={columns}
      title="perm.org.title"
      permission="permission_organize"
      paged={false}
      tree
      index={false}
      handleRef={handle}
      actionWidth={330}
      rowActions={(row, h) => (
        <Button
          type="link"
          size="small"
          icon={<PlusOutlined />}
          onClick={() => h.open('add', { parentId: String(row.id), deptCategory: 2 } as OrgRow)}
        >
          {t('perm.org.addChild')}
        </Button>
      )}
    />
  );
}
