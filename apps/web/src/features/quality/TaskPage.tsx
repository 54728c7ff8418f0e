/** 采样任务: the tasks generated from the plans (the field app lists a sampler's own through `sampling-task/my`). */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Task, taskApi } from '../../api/quality';
import { CrudPage, VIEW_ONLY_LIST } from '../../components/crud';
import { taskColumns } from './columns';

export default function TaskPage() {
  const { t } = useTranslation();
  const columns = useMemo(() => taskColumns(t), [t]);
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
