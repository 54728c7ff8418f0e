/** 采样任务: the tasks generated from the plans (the field app lists a sampler's own through `sampling-task/my`). */
import { type Task, taskApi } from '../../api/quality';
import { CrudPage, VIEW_ONLY_LIST } from '../../components/crud';
import { taskColumns } from './columns';

export default function TaskPage() {
  return (
    <CrudPage<Task>
      api={taskApi}
      columns={taskColumns}
      title="quality.taskTitle"
      permission="quality_task"
      {...VIEW_ONLY_LIST}
      testId="quality-task"
    />
  );
}
