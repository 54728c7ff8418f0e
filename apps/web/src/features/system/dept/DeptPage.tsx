/** Departments (`/blade-system/dept`): a lazy tree table; the parent is chosen from the department tree. */
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Dept, deptApi } from '../../../api/system';
import { type CrudColumn, CrudPage } from '../../../components/crud';
import { DeptTreeSelect } from '../../../components/widgets';
import { lazyTreePage } from '../../../lib/lazyTree';
import { usePermission } from '../../../stores/session';

const columns: CrudColumn<Dept>[] = [
  { prop: 'deptName', label: 'dept.deptName', search: true, required: 'dept.nameRequired' },
  { prop: 'fullName', label: 'dept.fullName', search: true },
  { prop: 'parentId', label: 'dept.parentId', hide: true, span: 24, component: () => <DeptTreeSelect /> },
  {
    prop: 'deptCategory',
    label: 'dept.deptCategory',
    type: 'select',
    dict: 'dept_category',
    numeric: true,
    required: 'dept.categoryRequired',
    defaultValue: 2,
  },
  { prop: 'sort', label: 'crud.sort', type: 'number', min: 0, required: 'dept.sortRequired', defaultValue: 1 },
  { prop: 'remark', label: 'crud.remark', type: 'textarea', hide: true },
];

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
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => h.open('add', { parentId: row.id } as Dept)}
          >
            {t('dept.addChild')}
          </Button>
        )
      }
    />
  );
}
