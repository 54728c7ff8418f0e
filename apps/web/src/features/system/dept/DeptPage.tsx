/** Departments (`/blade-system/dept`): a lazy tree table; the parent is chosen from the department tree. */
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type Dept, deptApi } from '../../../api/system';
import { CrudPage, RowButton } from '../../../components/crud';
import { lazyTreePage } from '../../../lib/lazyTree';
import { usePermission } from '../../../stores/session';
import { deptColumns as columns } from './columns';

const api = { ...deptApi, page: lazyTreePage<Dept>(deptApi.lazyList, deptApi.page) };

export default function DeptPage() {
  const { t } = useTranslation();
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
      rowActions={(row, h) =>
        canAdd && (
          <RowButton icon={<PlusOutlined />} onClick={() => h.open('add', { parentId: row.id } as Dept)}>
            {t('dept.addChild')}
          </RowButton>
        )
      }
    />
  );
}
