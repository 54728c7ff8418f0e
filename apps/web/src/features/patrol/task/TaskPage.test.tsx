import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../components/testing/render';

const store = vi.hoisted(() => ({
  tasks: [] as any[],
  calls: [] as { op: string; args: unknown[] }[],
}));

vi.mock('../../../api/user', () => ({
  userApi: {
    search: async () => ({
      records: [
        { id: 'u1', realName: '王建国', deptName: '管网巡检一班' },
        { id: 'u2', realName: '李志强', deptName: '管网巡检二班' },
      ],
      total: 2,
      size: 9999,
      current: 1,
      pages: 1,
    }),
  },
}));
vi.mock('../../../api/patrol', async (orig) => {
  const real = await orig<typeof import('../../../api/patrol')>();
  const { onePage } = await import('../../../test/memoryApi');
  return {
    ...real,
    taskApi: {
      ...real.taskApi,
      page: async (q: any) => {
        store.calls.push({ op: 'page', args: [q] });
        const rows = store.tasks.filter((t) => q.taskStatus === undefined || t.taskStatus === q.taskStatus);
        return onePage(rows);
      },
      detail: async (id: string) => ({
        ...store.tasks.find((t) => t.id === id),
        objects: [
          {
            id: 'o1',
            sort: 1,
            objectName: '长江西路阀门1号',
            facilityType: 'valve',
            result: 1,
            checkTime: '2026-11-20 09:10:00',
            checkUserName: '王建国',
            photos: '/oss/a.jpg,/oss/b.jpg',
            remark: null,
          },
          {
            id: 'o2',
            sort: 2,
            objectName: '长江西路消火栓2号',
            facilityType: 'hydrant',
            result: 0,
            checkTime: null,
            checkUserName: null,
            photos: null,
            remark: null,
          },
        ],
        users: [
          {
            id: 'a1',
            userId: 'u1',
            realName: '王建国',
            active: 1,
            assignTime: '2026-11-20 00:00:00',
            fromUserId: null,
            fromUserName: null,
            reason: null,
            assignUserName: null,
          },
        ],
      }),
      hazards: async () => ({ records: [], total: 0, size: 100, current: 1, pages: 0 }),
      reassign: async (taskId: string, userId: string, reason: string) => {
        store.calls.push({ op: 'reassign', args: [taskId, userId, reason] });
        const t = store.tasks.find((x) => x.id === taskId);
        t.userIds = userId;
        t.userNames = '李志强';
        return null;
      },
    },
  };
});

const { default: TaskPage } = await import('./TaskPage');

const task = (id: string, taskName: string, taskStatus: number) => ({
  id,
  taskName,
  typeName: '日常巡检',
  deptName: '管网巡检一班',
  userIds: 'u1',
  userNames: '王建国',
  period: 'daily',
  periodStart: '2026-11-20 00:00:00',
  periodEnd: '2026-11-21 00:00:00',
  taskStatus,
  objectCount: 2,
  checkedCount: taskStatus === 2 ? 2 : 1,
  coverage: taskStatus === 2 ? 100 : 50,
  hazardCount: 0,
  finishTime: null,
  planCode: 'XJ-R101',
  planName: '长江西路日常巡检路线',
});

beforeEach(() => {
  store.tasks = [
    task('1', '长江西路日常巡检路线 2026-11-20', 0),
    task('2', '黄山路日常巡检路线 2026-11-19', 2),
    task('3', '望江西路日常巡检路线 2026-11-18', 3),
  ];
  store.calls = [];
});

describe('TaskPage', { timeout: 60_000 }, () => {
  it('filters by state, shows the detail with check-ins and photos', async () => {
    renderApp(<TaskPage />);
    const page = await screen.findByTestId('patrol-task');
    expect(await within(page).findByText('长江西路日常巡检路线 2026-11-20')).toBeInTheDocument();
    expect(within(page).getByText('黄山路日常巡检路线 2026-11-19')).toBeInTheDocument();

    fireEvent.click(within(screen.getByTestId('task-state')).getByText('已超期'));
    await waitFor(() => expect(within(page).queryByText('长江西路日常巡检路线 2026-11-20')).not.toBeInTheDocument());
    expect(within(page).getByText('望江西路日常巡检路线 2026-11-18')).toBeInTheDocument();
    expect(store.calls.at(-1)!.args[0]).toMatchObject({ taskStatus: 3 });
    // a finished task cannot be reassigned
    fireEvent.click(within(screen.getByTestId('task-state')).getByText('已完成'));
    const done = (await within(page).findByText('黄山路日常巡检路线 2026-11-19')).closest('tr')!;
    expect(within(done).queryByRole('button', { name: /任务转派/ })).toBeNull();

    fireEvent.click(within(done).getByRole('button', { name: /详\s*情/ }));
    const detail = await screen.findByTestId('task-detail');
    expect(within(detail).getByText('长江西路阀门1号')).toBeInTheDocument();
    expect(within(detail).getByText('未签到')).toBeInTheDocument();
    expect(within(detail).getByTestId('check-photos').querySelectorAll('img')).toHaveLength(2);
    expect(within(detail).getByText('已签到 2 / 2')).toBeInTheDocument();
  });

  it('reassigns a task: person and reason are required, the current assignee is not offered', async () => {
    renderApp(<TaskPage />);
    const page = await screen.findByTestId('patrol-task');
    const r = (await within(page).findByText('长江西路日常巡检路线 2026-11-20')).closest('tr')!;
    fireEvent.click(within(r).getByRole('button', { name: /任务转派/ }));
    await screen.findByText('任务转派：长江西路日常巡检路线 2026-11-20');
    fireEvent.click(screen.getByTestId('reassign-ok'));
    expect(await screen.findByText('请选择转派人员')).toBeInTheDocument();
    expect(screen.getByText('请填写转派原因')).toBeInTheDocument();

    const form = screen.getByTestId('reassign-form');
    fireEvent.mouseDown(within(form).getByRole('combobox'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(1));
    expect(document.querySelector('.ant-select-item-option')).toHaveTextContent('李志强（管网巡检二班）');
    fireEvent.click(document.querySelector('.ant-select-item-option')!);
    fireEvent.change(screen.getByTestId('reassign-reason'), { target: { value: '原执行人病假' } });
    fireEvent.click(screen.getByTestId('reassign-ok'));
    expect(await screen.findByText('转派成功')).toBeInTheDocument();
    expect(store.calls.find((c) => c.op === 'reassign')!.args).toEqual(['1', 'u2', '原执行人病假']);
    await waitFor(() =>
      expect(
        within(within(page).getByText('长江西路日常巡检路线 2026-11-20').closest('tr')!).getByText('李志强'),
      ).toBeInTheDocument(),
    );
  });
});
