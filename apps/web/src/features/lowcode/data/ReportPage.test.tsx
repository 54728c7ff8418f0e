import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../components/testing/render';
import ReportPage from './ReportPage';

const store = vi.hoisted(() => ({ runs: [] as Record<string, unknown>[] }));

const REPORT = {
  id: '3',
  name: '居民阶梯水价表',
  interfaceId: '5',
  content: JSON.stringify({ title: '居民阶梯水价', columns: [{ prop: 'tier', label: '阶梯' }, 'totalPrice'] }),
  remark: '演示报表',
};

vi.mock('../../../api/lowcode', async (orig) => {
  const real = await orig<typeof import('../../../api/lowcode')>();
  const { onePage } = await import('../../../test/memoryApi');
  return {
    ...real,
    reportApi: {
      ...real.reportApi,
      key: 'memory-reports',
      page: async () => onePage([REPORT]),
      detail: async () => REPORT,
      get: async (_path: string, params: Record<string, unknown>) => {
        store.runs.push(params);
        return { name: REPORT.name, rows: [{ tier: 1, totalPrice: 3.05, hidden: 'x' }] };
      },
    },
    dataInterfaceApi: {
      ...real.dataInterfaceApi,
      choices: async () => ({ list: [{ id: '5', fullName: '水价标准查询', enCode: 'water_tariff_query' }] }),
      info: async () => ({
        id: '5',
        dataType: 1,
        parameterJson: '[{"field":"category","label":"用水类别","dataType":"number","defaultValue":1}]',
      }),
    },
  };
});

describe('报表管理', { timeout: 60_000 }, () => {
  it('lists reports with their interface and shows one with the interface’s parameters, in its columns', async () => {
    renderApp(<ReportPage />);
    const row = (await screen.findByText('居民阶梯水价表')).closest('tr') as HTMLElement;
    await waitFor(() => expect(row).toHaveTextContent('水价标准查询 (water_tariff_query)'));
    fireEvent.click(within(row).getByRole('button', { name: /查\s*看/ }));
    const view = await screen.findByTestId('report-view');
    fireEvent.change(await within(view).findByLabelText('用水类别 (category)'), { target: { value: '2' } });
    fireEvent.click(within(view).getByRole('button', { name: /查\s*询/ }));
    expect(await within(view).findByText('居民阶梯水价')).toBeInTheDocument();
    expect(within(view).getByRole('columnheader', { name: '阶梯' })).toBeInTheDocument();
    expect(within(view).getByText('3.05')).toBeInTheDocument();
    // a field the definition does not name stays out
    expect(within(view).queryByText('hidden')).toBeNull();
    expect(store.runs[0]).toEqual({ id: '3', category: 2 });
  });
});
