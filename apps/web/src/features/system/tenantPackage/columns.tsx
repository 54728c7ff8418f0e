/** The columns of 租户产品包 (TenantPackagePage): the list, the search bar and the dialog's fields (the menu tree). */
import { useEffect, useState } from 'react';
import { menuApi } from '../../../api/system';
import { CheckTree, type GrantNode } from '../../../components/CheckTree';
import { type CrudColumn, remarkColumn } from '../../../components/crud';

/** The package's menus as a checked tree, joined with commas. */
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

export const tenantPackageColumns: CrudColumn[] = [
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
