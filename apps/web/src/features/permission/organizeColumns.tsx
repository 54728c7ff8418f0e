/** Column schema of 组织管理: name, code, category (fixed when editing), parent, sort, status switch, remark. */
import { Switch, Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { OrgRow } from '../../api/permission';
import type { CrudColumn } from '../../components/crud';
import { TreeSelectField } from '../../components/widgets';
import type { TreeOption } from '../../components/widgets/treeUtils';

const CATEGORIES = [
  { label: 'perm.org.company', value: 1 },
  { label: 'perm.org.department', value: 2 },
  { label: 'perm.org.team', value: 3 },
];
const CATEGORY_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'default' };

interface ColumnDeps {
  t: TFunction;
  /** the parent choices; without the node itself and its descendants when given */
  parents: (excludeId?: string) => Promise<TreeOption[]>;
  toggle: (row: OrgRow, on: boolean) => Promise<void>;
}

export function organizeColumns({ t, parents, toggle }: ColumnDeps): CrudColumn<OrgRow>[] {
  return [
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
}
