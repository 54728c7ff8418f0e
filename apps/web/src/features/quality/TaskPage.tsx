/** 采样任务: the tasks generated from the plans (the field app lists a sampler's own through `sampling-task/my`). */
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Task, taskApi } from '../../api/quality';
import { type CrudColumn, CrudPage, VIEW_ONLY_LIST } from '../../components/crud';
import { STATE_OPTIONS } from './options';

export default function TaskPage() {
  const { t } = useTranslation();
  const columns = useMemo<CrudColumn<Task>[]>(
    () => [
      { prop: 'dueDate', label: 'quality.dueDate', type: 'date', search: true, width: 110 },
      { prop: 'planName', label: 'quality.planName', width: 140 },
      { prop: 'pointCode', label: 'quality.points', search: true, width: 110 },
      { prop: 'pointName', label: 'quality.name', width: 180 },
      { prop: 'indicatorCodes', label: 'quality.indicators', render: (v: string[]) => v?.join(', '), ellipsis: true },
      {
        prop: 'state',
        label: 'quality.state',
        type: 'select',
        options: STATE_OPTIONS,
        search: true,
        width: 90,
        render: (v: string) => <Tag color={v === 'done' ? 'green' : 'blue'}>{t(`quality.states.${v}`)}</Tag>,
      },
      { prop: 'sampleCode', label: 'quality.sampleCode', width: 150 },
    ],
    [t],
  );
  return (
    <CrudPage<Task>
      api={taskApi}
      columns={columns}
      title="quality.taskTitle"
      permission="quality_task"
      {...VIEW_ONLY_LIST}
      testId="quality-task"
    />
  );
}
