import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../components/testing/render';
import { geometryFromObjects } from './GeometryField';

const store = vi.hoisted(() => ({
  plans: [] as any[],
  calls: [] as { op: string; args: unknown[] }[],
}));

vi.mock('../../../components/map', () => ({ NetworkMap: () => <div data-testid="network-map" /> }));
vi.mock('../../../api/patrol', async (orig) => {
  const real = await orig<typeof import('../../../api/patrol')>();
  const { onePage } = await import('../../../test/memoryApi');
  const page = async (q: any) => {
    store.calls.push({ op: 'page', args: [q] });
    const rows = store.plans.filter((p) => q.auditStatus === undefined || p.auditStatus === q.auditStatus);
    return onePage(rows);
  };
  return {
    ...real,
    jobObjectApi: {
      ...real.jobObjectApi,
      page: async () => ({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
    },
    patrolTypeApi: { ...real.patrolTypeApi, list: async () => [{ id: 't1', typeName: '日常巡检' }] },
    planApi: {
      ...real.planApi,
      page,
      detail: async (id: string) => ({ ...store.plans.find((p) => p.id === id), objects: [], audits: [] }),
      submitAudit: async (id: string) => {
        store.calls.push({ op: 'submitAudit', args: [id] });
        store.plans.find((p) => p.id === id).auditStatus = 1;
        return null;
      },
      audit: async (id: string, status: number, opinion?: string) => {
        store.calls.push({ op: 'audit', args: [id, status, opinion] });
        store.plans.find((p) => p.id === id).auditStatus = status;
        return null;
      },
    },
  };
});

const { default: PlanPage } = await import('./PlanPage');

const plan = (id: string, planName: string, auditStatus: number) => ({
  id,
  planCode: `XJ-${id}`,
  planName,
  typeId: 't1',
  typeName: '日常巡检',
  scopeType: 'route',
  period: 'daily',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  deptId: 'd1',
  deptName: '管网巡检一班',
  userIds: '',
  userNames: '王建国',
  objectIds: '1,2',
  objectCount: 2,
  checkItems: '',
  auditStatus,
  geometry: [],
});

beforeEach(() => {
  store.plans = [
    plan('1', '长江西路日常巡检路线', 0),
    plan('2', '汛期重点管段应急巡检', 1),
    plan('3', '黄山路日常巡检路线', 2),
  ];
  store.calls = [];
});

describe('geometry from objects', () => {
  it('a route goes through the objects in order; an area is the ring around them with a margin', () => {
    const pts = [
      { x: 500_000, y: 3_500_000 },
      { x: 500_300, y: 3_500_100 },
    ];
    expect(geometryFromObjects('route', pts)).toEqual([
      [500_000, 3_500_000],
      [500_300, 3_500_100],
    ]);
    const ring = geometryFromObjects('area', pts, 200);
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual([499_800, 3_499_800]);
    expect(ring[2]).toEqual([500_500, 3_500_300]);
    expect(ring[4]).toEqual(ring[0]);
    expect(geometryFromObjects('area', [])).toEqual([]);
  });
});

describe('PlanPage', { timeout: 60_000 }, () => {
  it('lists plans with their audit state, submits a draft and audits a pending plan', async () => {
    renderApp(<PlanPage />);
    const page = await screen.findByTestId('patrol-plan');
    expect(await within(page).findByText('长江西路日常巡检路线')).toBeInTheDocument();
    const draft = within(page).getByText('长江西路日常巡检路线').closest('tr')!;
    expect(within(draft).getByText('草稿')).toBeInTheDocument();
    const pending = within(page).getByText('汛期重点管段应急巡检').closest('tr')!;
    expect(within(pending).getByText('待审核')).toBeInTheDocument();
    // an approved plan offers neither submit nor audit
    const approved = within(page).getByText('黄山路日常巡检路线').closest('tr')!;
    expect(within(approved).queryByRole('button', { name: /提交审核/ })).toBeNull();
    expect(within(approved).queryByRole('button', { name: /审\s*核/ })).toBeNull();

    // submit the draft after the confirmation
    fireEvent.click(within(draft).getByRole('button', { name: /提交审核/ }));
    const confirm = (await screen.findByText('确定将计划「长江西路日常巡检路线」提交审核?')).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已提交审核')).toBeInTheDocument();
    expect(store.calls.find((c) => c.op === 'submitAudit')!.args).toEqual(['1']);

    // audit: sending back needs an opinion; approving without one is fine
    fireEvent.click(within(pending).getByRole('button', { name: /审\s*核/ }));
    await screen.findByText('审核计划：汛期重点管段应急巡检');
    fireEvent.click(screen.getByTestId('audit-reject'));
    expect(await screen.findByText('退回时请填写审核意见')).toBeInTheDocument();
    expect(store.calls.some((c) => c.op === 'audit')).toBe(false);
    fireEvent.click(screen.getByTestId('audit-approve'));
    expect(await screen.findByText('审核通过')).toBeInTheDocument();
    expect(store.calls.find((c) => c.op === 'audit')!.args).toEqual(['2', 2, undefined]);
    // the list reloads: the plan is approved now
    await waitFor(() =>
      expect(
        within(within(page).getByText('汛期重点管段应急巡检').closest('tr')!).getByText('已通过'),
      ).toBeInTheDocument(),
    );
  });

  it('sends a plan back with the opinion', async () => {
    renderApp(<PlanPage />);
    const page = await screen.findByTestId('patrol-plan');
    const pending = (await within(page).findByText('汛期重点管段应急巡检')).closest('tr')!;
    fireEvent.click(within(pending).getByRole('button', { name: /审\s*核/ }));
    fireEvent.change(await screen.findByTestId('audit-opinion'), { target: { value: '巡检对象不全' } });
    fireEvent.click(screen.getByTestId('audit-reject'));
    await waitFor(() => expect(document.querySelector('.ant-message')).toHaveTextContent('已退回'));
    expect(store.calls.find((c) => c.op === 'audit')!.args).toEqual(['2', 3, '巡检对象不全']);
  });
});
