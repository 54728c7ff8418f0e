/** The columns of 巡检任务 (list and search bar: name, team, person; the tasks are read only). */
import type { TFunction } from 'i18next';
import type { Task } from '../../../api/patrol';
import type { CrudColumn } from '../../../components/crud';
import { DeptTreeSelect } from '../../../components/widgets';
import { shortTime } from '../../../lib/wireTime';
import { nameOf, StaffSelect, TaskStatusTag } from '../common';

export const taskColumns = (t: TFunction): CrudColumn<Task>[] => [
  { prop: 'taskName', label: 'patrol.task.taskName', search: true, width: 260, ellipsis: true },
  { prop: 'typeName', label: 'patrol.task.type', width: 90 },
  {
    prop: 'deptId',
    label: 'patrol.task.dept',
    search: true,
    searchComponent: () => <DeptTreeSelect allowClear placeholder={t('patrol.plan.chooseDept')} />,
    render: (_v, r) => r.deptName,
    width: 120,
  },
  {
    prop: 'userId',
    label: 'patrol.task.users',
    search: true,
    searchComponent: () => <StaffSelect />,
    render: (_v, r) => r.userNames,
    width: 110,
  },
  { prop: 'period', label: 'patrol.task.period', render: (v) => nameOf(t, 'period', v), width: 70 },
  {
    prop: 'periodStart',
    label: 'patrol.task.periodRange',
    render: (_v, r) => `${shortTime(r.periodStart)} ~ ${shortTime(r.periodEnd)}`,
    width: 260,
  },
  { prop: 'taskStatus', label: 'patrol.task.status', render: (v) => <TaskStatusTag status={v} />, width: 90 },
  {
    prop: 'coverage',
    label: 'patrol.task.coverage',
    render: (_v, r) => `${r.checkedCount}/${r.objectCount}（${r.coverage}%）`,
    width: 110,
  },
  { prop: 'hazardCount', label: 'patrol.task.hazardCount', width: 70 },
  { prop: 'finishTime', label: 'patrol.task.finishTime', render: (v) => shortTime(v), width: 140 },
];
