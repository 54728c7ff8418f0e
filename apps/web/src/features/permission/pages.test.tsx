/**
 * The two screens against an in-memory `/api/permission`: the authority screen loads an object's values, saves only
 * the changed item types, refuses an empty save, lists and edits members; the organisation screen shows the tree,
 * filters by keyword, and its call group sends companies, departments and updates to the right endpoints.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../components/testing/render';

const calls = vi.hoisted(() => ({
  save: [] as unknown[][],
  relation: [] as unknown[][],
  created: [] as unknown[][],
  updated: [] as unknown[][],
}));

const menuTree = [
  {
    id: 'sys',
    fullName: '系统管理',
    type: 'module',
    children: [
      { id: 'param', fullName: '参数管理', type: 'module' },
      { id: 'dict', fullName: '系统字典', type: 'module' },
    ],
  },
];
const orgTree = [
  {
    id: '1',
    parentId: '0',
    fullName: '合肥水务集团',
    deptCategory: 1,
    enabledMark: 1,
    children: [{ id: '2', parentId: '1', fullName: '调度值班组', deptCategory: 2, enabledMark: 1 }],
  },
];

vi.mock('../../api/permission', async (orig) => {
  const real = await orig<typeof import('../../api/permission')>();
  const page = (list: unknown[]) => async () => ({
    list,
    pagination: { currentPage: 1, pageSize: 20, total: list.length },
  });
  let members = ['u1'];
  const people: Record<string, unknown> = {
    u1: { id: 'u1', account: 'operator', realName: '李明', organize: '调度值班组' },
    u2: { id: 'u2', account: 'patrol', realName: '张伟', organize: '管网巡检一班' },
  };
  return {
    ...real,
    permissionApi: {
      role: {
        list: page([{ id: 'r1', fullName: '运营人员', enCode: 'operator' }]),
        selector: async () => ({ list: [] }),
      },
      position: {
        list: page([{ id: 'p1', fullName: '调度员', enCode: 'dispatcher' }]),
        selector: async () => ({ list: [] }),
      },
      users: {
        list: page([{ id: 'u1', account: 'operator', realName: '李明' }]),
        selector: async () => ({ list: [] }),
        byIds: async (ids: string[]) => ({ list: ids.map((id) => people[id]).filter(Boolean) }),
      },
      relation: {
        get: async () => ({ objectType: 'Position', ids: members }),
        save: async (...args: unknown[]) => {
          calls.relation.push(args);
          members = args[2] as string[];
          return null;
        },
      },
      authority: {
        values: async (objectId: string, objectType: string) => ({
          objectId,
          objectType,
          module: { list: menuTree, all: ['sys', 'param', 'dict'], ids: [] },
          button: { list: [], all: [], ids: [] },
          column: { list: [], all: [], ids: ['account'] },
          form: { list: [], all: [], ids: [] },
          resource: { list: [], all: [], ids: [] },
        }),
        save: async (...args: unknown[]) => {
          calls.save.push(args);
          return null;
        },
        batch: async () => null,
      },
      organize: {
        selector: async () => ({ list: orgTree }),
        info: async (id: string) => (id === '2' ? orgTree[0].children[0] : orgTree[0]),
        createCompany: async (row: unknown) => calls.created.push(['company', row]),
        createDepartment: async (row: unknown) => calls.created.push(['department', row]),
        update: async (...args: unknown[]) => calls.updated.push(args),
        remove: async () => null,
        state: async () => null,
      },
    },
  };
});

const { default: AuthorityPage } = await import('./AuthorityPage');
const { default: OrganizePage, organizeCrudApi } = await import('./OrganizePage');

function renderWithQuery(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderApp(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeEach(() => {
  calls.save.length = 0;
  calls.relation.length = 0;
  calls.created.length = 0;
  calls.updated.length = 0;
});

describe('组织权限', { timeout: 60_000 }, () => {
  it('loads a position’s grants, refuses an empty save, saves only the changed item type', async () => {
    renderWithQuery(<AuthorityPage />);
    expect(screen.getByText('请在左侧选择授权对象')).toBeTruthy();
    fireEvent.click(screen.getByText('岗位'));
    fireEvent.click(await screen.findByText('调度员'));
    expect(await screen.findByText('参数管理')).toBeTruthy();
    expect(screen.getByTestId('authority-object').textContent).toBe('调度员');
    for (const tab of ['菜单', '按钮', '列表', '表单', '数据', '成员'])
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('没有需要保存的修改')).toBeTruthy();
    expect(calls.save).toHaveLength(0);

    const node = screen.getByText('参数管理').closest('.ant-tree-treenode') as HTMLElement;
    fireEvent.click(node.querySelector('.ant-tree-checkbox') as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.save).toHaveLength(1));
    const [id, type, grants] = calls.save[0] as [string, string, Record<string, string[]>];
    expect([id, type]).toEqual(['p1', 'Position']);
    // the half-checked parent menu travels with the menu; untouched types (columns: account) are not sent
    expect(Object.keys(grants)).toEqual(['module']);
    expect([...grants.module].sort()).toEqual(['param', 'sys']);
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });

  it('lists a position’s members and removes one after the confirmation', async () => {
    renderWithQuery(<AuthorityPage />);
    fireEvent.click(screen.getByText('岗位'));
    fireEvent.click(await screen.findByText('调度员'));
    fireEvent.click(await screen.findByRole('tab', { name: '成员' }));
    const panel = await screen.findByTestId('members-panel');
    expect(await within(panel).findByText('李明')).toBeTruthy();
    // (queries by text: role queries over antd tables are very slow in jsdom)
    fireEvent.click(
      within(panel)
        .getAllByText(/^移\s*除$/)
        .at(-1) as HTMLElement,
    );
    expect(await screen.findByText('确定将选择数据删除?')).toBeTruthy();
    fireEvent.click(screen.getByText(/^确\s*定$/));
    await waitFor(() => expect(calls.relation).toEqual([['p1', 'Position', []]]));
    await waitFor(() => expect(within(panel).queryByText('李明')).toBeNull());
  });

  it('users have no members tab', async () => {
    renderWithQuery(<AuthorityPage />);
    fireEvent.click(screen.getByText('用户'));
    fireEvent.click(await screen.findByText('李明'));
    await screen.findByText('参数管理');
    expect(screen.queryByRole('tab', { name: '成员' })).toBeNull();
  });
});

describe('组织管理', { timeout: 60_000 }, () => {
  it('shows the tree and filters it by keyword', async () => {
    renderWithQuery(<OrganizePage />);
    expect(await screen.findByText('合肥水务集团')).toBeTruthy();
    expect(await organizeCrudApi.page({ keyword: '值班' })).toEqual([
      expect.objectContaining({ id: '2', fullName: '调度值班组' }),
    ]);
  });

  it('sends companies, departments and updates to their endpoints', async () => {
    await organizeCrudApi.submit({
      fullName: '肥东分公司',
      deptCategory: 1,
      parentId: '1',
      sortCode: 2,
      enabledMark: 1,
    });
    await organizeCrudApi.submit({ fullName: '营业所', deptCategory: 3, parentId: '', enabledMark: 1 });
    await organizeCrudApi.submit({ id: '2', fullName: '调度组', parentId: '1', deptCategory: 2, enabledMark: 0 });
    expect(calls.created).toEqual([
      ['company', expect.objectContaining({ fullName: '肥东分公司', parentId: '1', sortCode: 2 })],
      ['department', expect.objectContaining({ fullName: '营业所', parentId: '0', deptCategory: 3 })],
    ]);
    expect(calls.updated).toEqual([
      ['2', expect.objectContaining({ fullName: '调度组', parentId: '1', enabledMark: 0 })],
    ]);
  });
});
