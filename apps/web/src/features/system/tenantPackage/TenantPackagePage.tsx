/**
 * Tenant packages (spec 1 §2.8, §5): search by package name; add, edit, delete and multi-delete, no view button;
 * columns package name, menu tree (multiple, hidden in the table), remark; page size 10. packageName required
 * ('please enter the package name'), menus required ('please select a menu'), the menu list joined with commas;
 * delete with nothing selected warns 'please select at least one data'.
 */
import { useEffect, useState } from 'react';
import { menuApi, tenantPackageApi } from '../../../api/system';
import { CheckTree, type GrantNode } from '../../../components/CheckTree';
import { type CrudColumn, CrudPage, remarkColumn } from '../../../components/crud';

function MenuTreeField(p: { value?: string; onChange?: (v: string) => void; disabled?: boolean; id?: string }) {
  const [tree, setTree] = useState<GrantNode[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    menuApi
      .tree()
      .then((t) => setTree((t ?? []) as GrantNode[]))
      .catch(() => setTree([]))
      .finally(() => setLoading(false));
  }, []);
  return (
    <CheckTree
      id={p.id}
      data-testid="package-menu-tree"
      treeData={tree}
      loading={loading}
      disabled={p.disabled}
      searchable
      value={p.value}
      onChange={(ids) => p.onChange?.(ids.join(','))}
    />
  );
}

const columns: CrudColumn[] = [
  {
    prop: 'packageName',
    label: 'tenantPackage.packageName',
    search: true,
    required: 'tenantPackage.nameRequired',
    span: 24,
  },
  {
    prop: 'menuId',
    label: 'tenantPackage.menuId',
    hide: true,
    span: 24,
    required: 'tenantPackage.menuRequired',
    trigger: 'onChange',
    component: ({ disabled }) => <MenuTreeField disabled={disabled} />,
  },
  remarkColumn('crud.remark', { span: 24 }),
];

export default function TenantPackagePage() {
  return (
    <CrudPage
      api={tenantPackageApi}
      columns={columns}
      title="tenantPackage.title"
      permission="tenantpackage"
      viewBtn={false}
      pageSize={10}
      dialogWidth={700}
      texts={{ selectOne: 'tenantPackage.selectOne' }}
    />
  );
}
