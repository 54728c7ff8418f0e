import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDictCache } from '../../components/crud/fields';
import { renderApp } from '../../components/testing/render';
import { clearDeptTree } from '../../components/widgets/deptTree';
import { okReply } from '../../test/server';
import UserPage from './UserPage';

/** The server as the users screen sees it: every request is noted by path. */
const calls: string[] = [];
const envelope = okReply;

const TREE = [
  {
    id: '1',
    title: '水务集团',
    deptCategory: 1,
    children: [{ id: '11', title: '管网巡检一班', deptCategory: 2 }],
  },
];
const DICTS: Record<string, { dictKey: string; dictValue: string }[]> = {
  user_type: [{ dictKey: '1', dictValue: 'WEB' }],
  user_status: [
    { dictKey: '1', dictValue: '正常' },
    { dictKey: '0', dictValue: '停用' },
  ],
  sex: [{ dictKey: '1', dictValue: '男' }],
};

function server(input: RequestInfo | URL, init?: RequestInit) {
  const url = new URL(String(input), 'http://localhost');
  calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
  if (url.pathname.endsWith('/dept/tree')) return envelope(TREE);
  if (url.pathname.endsWith('/dictionary'))
    return envelope((DICTS[url.searchParams.get('code') ?? ''] ?? []).map((d, i) => ({ id: String(i), ...d })));
  if (/\/blade-user\/(page|list)$/.test(url.pathname))
    return envelope({
      records: [{ id: 'u1', account: 'admin', realName: '管理员', status: 1, deptName: '水务集团' }],
      total: 1,
      size: 10,
      current: 1,
      pages: 1,
    });
  return envelope([]);
}

const treeReads = () => calls.filter((c) => c === 'GET /api/blade-system/dept/tree').length;

describe('users screen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    calls.length = 0;
    clearDeptTree();
    clearDictCache();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => server(input, init)),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the department tree once for the tree, the company search and the dialog', async () => {
    renderApp(<UserPage />);
    // the list, with the dictionary label of its status
    expect(await screen.findByText('管理员')).toBeInTheDocument();
    expect(await screen.findByText('正常')).toBeInTheDocument();
    // the side tree is drawn from the read
    const side = screen.getByTestId('user-dept-tree');
    expect(await within(side).findByText('管网巡检一班')).toBeInTheDocument();
    // the company select of the search has its options from the same read
    await waitFor(() => expect(calls.filter((c) => c.includes('/dictionary')).length).toBe(3));
    expect(treeReads()).toBe(1);

    // the add dialog's department select: still the same read
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    expect(await screen.findByTestId('crud-form')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(treeReads()).toBe(1);
    // one page request on open
    expect(calls.filter((c) => /blade-user\/(page|list)$/.test(c))).toHaveLength(1);
  });

  it('reads the tree again after a department was written', async () => {
    const { unmount } = renderApp(<UserPage />);
    expect(await screen.findByText('管理员')).toBeInTheDocument();
    await waitFor(() => expect(treeReads()).toBe(1));
    unmount();
    // any successful write to a department URL drops the shared read
    const { http } = await import('../../api/http');
    await http.post('/api/blade-system/dept/submit', { deptName: '新班组' });
    renderApp(<UserPage />);
    expect(await screen.findByText('管理员')).toBeInTheDocument();
    await waitFor(() => expect(treeReads()).toBe(2));
  });
});
