/** Departments (`/blade-system/dept`): a lazy tree table; the parent is chosen from the department tree. */
import { type Dept, deptApi } from '../../../api/system';
import { AddChildButton, CrudPage } from '../../../components/crud';
import { lazyTreePage } from '../../../lib/lazyTree';
import { usePermission } from '../../../stores/session';
import { deptColumns as columns } from './columns';

const api = { ...deptApi, page: lazyTreePage<Dept>(deptApi.lazyList, deptApi.page) };

export default function DeptPage() {
  const canAdd = usePermission('dept_add');
  return (
    <CrudPage<Dept>
      api={api}
      columns={columns}
      title="dept.title"
      permission="dept"
      paged={false}
      lazy={(row) => deptApi.lazyList({ parentId: row.id })}
      actionWidth={300}
      rowActions={(row, h) => canAdd && <AddChildButton h={h} child={{ parentId: row.id }} label="dept.addChild" />}
    />
  );
}
