import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../components/testing/render';

const store = vi.hoisted(() => ({
  rules: [] as any[],
  calls: [] as { op: string; args: unknown[] }[],
  saved: [] as string[],
}));

vi.mock('../../../lib/download', () => ({ saveBlob: (_b: Blob, name: string) => store.saved.push(name) }));
vi.mock('../../../api/patrol', async (orig) => {
  const real = await orig<typeof import('../../../api/patrol')>();
  const { onePage } = await import('../../../test/memoryApi');
  /** a report call: noted in `store.calls` with its query, then answered */
  const recorded =
    <R,>(op: string, answer: R) =>
    async (q: any) => {
      store.calls.push({ op, args: [q] });
      return answer;
    };
  return {
    ...real,
    accessRuleApi: {
      list: async () => store.rules.map((r) => ({ ...r })),
      update: async (rows: any[]) => {
        store.calls.push({ op: 'update', args: [rows] });
        for (const r of rows)
          Object.assign(
            store.rules.find((x) => x.id === r.id),
            r,
          );
        return store.rules;
      },
      taskJobPage: recorded(
        'taskJobPage',
        onePage([
          {
            id: 't1',
            taskName: '长江西路日常巡检路线 2026-11-20',
            deptName: '管网巡检一班',
            userNames: '王建国',
            periodStart: '2026-11-20 00:00:00',
            finishTime: '2026-11-20 11:00:00',
            taskStatus: 2,
            checkedCount: 5,
            objectCount: 5,
            coverageRate: 100,
            punctual: 1,
            hazardCount: 0,
            score: 90,
          },
        ]),
      ),
      taskJobUserPage: recorded(
        'taskJobUserPage',
        onePage([
          {
            userId: 'u1',
            rank: 1,
            realName: '王建国',
            account: 'xj101',
            deptName: '管网巡检一班',
            tasks: 30,
            finished: 29,
            overdue: 1,
            coverageRate: 99,
            punctualityRate: 96.7,
            hazards: 2,
            coverageScore: 59.4,
            punctualityScore: 29,
            hazardScore: 4,
            score: 92.4,
          },
        ]),
      ),
      taskJobExport: recorded('taskJobExport', { blob: new Blob(['x']), fileName: '任务考核.xlsx' }),
      taskJobUserExport: recorded('taskJobUserExport', { blob: new Blob(['x']), fileName: '人员考核.xlsx' }),
    },
  };
});

const { default: AccessRulePage, weightSum } = await import('./AccessRulePage');

beforeEach(() => {
  store.rules = [
    {
      id: 'r1',
      indexCode: 'coverage',
      indexName: '巡检覆盖率',
      weight: 60,
      standard: 100,
      description: '已签到对象数 / 计划对象数',
      sort: 1,
    },
    { id: 'r2', indexCode: 'punctuality', indexName: '任务准时率', weight: 30, standard: 30, description: '', sort: 2 },
    { id: 'r3', indexCode: 'hazard', indexName: '隐患发现率', weight: 10, standard: 5, description: '', sort: 3 },
  ];
  store.calls = [];
  store.saved = [];
});

describe('AccessRulePage', { timeout: 60_000 }, () => {
  it('sums the weights', () => expect(weightSum([{ weight: 60 }, { weight: 30 }, { weight: null }])).toBe(90));

  it('edits the weights: a sum other than 100 warns and does not save; 100 saves all indexes', async () => {
    renderApp(<AccessRulePage />);
    await screen.findByText('巡检覆盖率');
    expect(screen.getByTestId('weight-sum')).toHaveTextContent('100');
    const coverage = screen.getByLabelText('巡检覆盖率 权重');
    // the editable copy of the rules is filled after they load: change it only once it holds them
    await waitFor(() => expect(coverage).toHaveValue('60'));
    fireEvent.change(coverage, { target: { value: '50' } });
    fireEvent.blur(coverage);
    await waitFor(() => expect(screen.getByTestId('weight-sum')).toHaveTextContent('90'));
    expect(screen.getAllByText('各项指标权重之和应为 100，当前为 90').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('rule-save'));
    expect(store.calls.some((c) => c.op === 'update')).toBe(false);

    const hazard = screen.getByLabelText('隐患发现率 权重');
    fireEvent.change(hazard, { target: { value: '20' } });
    fireEvent.blur(hazard);
    await waitFor(() => expect(screen.getByTestId('weight-sum')).toHaveTextContent('100'));
    fireEvent.click(screen.getByTestId('rule-save'));
    expect(await screen.findByText('考核指标已保存')).toBeInTheDocument();
    expect(store.calls.find((c) => c.op === 'update')!.args[0]).toEqual([
      { id: 'r1', weight: 50, standard: 100, description: '已签到对象数 / 计划对象数' },
      { id: 'r2', weight: 30, standard: 30, description: '' },
      { id: 'r3', weight: 20, standard: 5, description: '' },
    ]);
  });

  it('scores per task and per person over the last 30 days and exports both as xlsx', async () => {
    renderApp(<AccessRulePage />);
    fireEvent.click(await screen.findByRole('tab', { name: '任务考核' }));
    const byTask = await screen.findByTestId('score-task');
    expect(await within(byTask).findByText('长江西路日常巡检路线 2026-11-20')).toBeInTheDocument();
    const q = store.calls.find((c) => c.op === 'taskJobPage')!.args[0] as any;
    expect(q).toMatchObject({ current: 1, size: 10 });
    expect(q.startTime).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    expect(q.endTime).toMatch(/^\d{4}-\d{2}-\d{2} 23:59:59$/);
    fireEvent.click(within(byTask).getByTestId('score-export'));
    await waitFor(() => expect(store.saved).toEqual(['任务考核.xlsx']));

    fireEvent.click(screen.getByRole('tab', { name: '人员考核' }));
    const byPerson = await screen.findByTestId('score-person');
    expect(await within(byPerson).findByText('92.4')).toBeInTheDocument();
    fireEvent.click(within(byPerson).getByTestId('score-export'));
    await waitFor(() => expect(store.saved).toEqual(['任务考核.xlsx', '人员考核.xlsx']));
    expect(store.calls.find((c) => c.op === 'taskJobUserExport')!.args[0]).toMatchObject({ startTime: q.startTime });
  });
});
