/** The columns of 角色管理 (RolePage): the tree table and the dialog's fields in one schema. */
import { type Role, roleApi } from '../../../api/system';
import { type CrudColumn, sortColumn } from '../../../components/crud';
import { TreeSelectField } from '../../../components/widgets';
import { toTreeOptions } from '../../../components/widgets/treeUtils';

const roleTree = async () => [{ value: '0', title: '顶级', children: toTreeOptions(await roleApi.tree()) }];

export const roleColumns: CrudColumn<Role>[] = [
  { prop: 'roleName', label: 'role.roleName', search: true, required: 'role.nameRequired' },
  { prop: 'roleAlias', label: 'role.roleAlias', search: true, required: 'role.aliasRequired' },
  {
    prop: 'parentId',
    label: 'role.parentId',
    hide: true,
    span: 24,
    defaultValue: '0',
    component: () => <TreeSelectField load={roleTree} />,
  },
  sortColumn('crud.sort', { min: 0, required: 'role.sortRequired', defaultValue: 1 }),
];
