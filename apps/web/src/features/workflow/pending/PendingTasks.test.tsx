/** The home page's pending tasks: asked for only when the person has the to-do menu, refreshed by live messages. */
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../components/testing/render';
import { useSession } from '../../../stores/session';
import { PendingTasksCard, TODO_PATH } from './PendingTasks';

const get = vi.hoisted(() => vi.fn());
vi.mock('../../../api/http', async (orig) => {
  const real = await orig<typeof import('../../../api/http')>();
  return { ...real, http: { ...real.http, get } };
});

const page = (n: number) => ({
  records: Array.from({ length: Math.min(n, 5) }, (_, i) => ({
    taskId: `t${i}`,
    processInstanceId: `p${i}`,
    processDefinitionName: '请假',
    taskName: `经理审批${i}`,
    createTime: '2026-11-24 10:00:00',
  })),
  total: n,
  size: 5,
  current: 1,
  pages: 1,
});

describe('PendingTasksCard', () => {
  beforeEach(() => {
    get.mockReset();
  });

  it('asks nothing and shows nothing without the to-do menu', async () => {
    useSession.setState({ menuAll: [{ id: '1', name: '首页', path: '/wel/index' } as any] });
    const { container } = renderApp(
      <MemoryRouter>
        <PendingTasksCard />
      </MemoryRouter>,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(get).not.toHaveBeenCalled();
    expect(container.querySelector('[data-testid="wf-pending"]')).toBeNull();
  });

  it('lists the first tasks and reloads when a live message arrives', async () => {
    useSession.setState({
      menuAll: [
        { id: '1', name: '流程', path: '/workflow', children: [{ id: '2', name: '待办', path: TODO_PATH }] } as any,
      ],
    });
    get.mockResolvedValueOnce(page(2)).mockResolvedValueOnce(page(3));
    renderApp(
      <MemoryRouter>
        <PendingTasksCard />
      </MemoryRouter>,
    );
    await screen.findByText('请假 · 经理审批1');
    expect(get).toHaveBeenCalledWith('/api/blade-workflow/process/todoList', { current: 1, size: 5 }, { silent: true });
    window.dispatchEvent(new CustomEvent('swp-live', { detail: { type: 'message' } }));
    await screen.findByText('请假 · 经理审批2');
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
  });
});
