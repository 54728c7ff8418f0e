import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TimeRangeValue } from '../../lib/timeRange';
import { renderApp, renderControlled } from '../testing/render';
import { AddressCascader } from './AddressCascader';
import { TimeRangeSelector } from './TimeRangeSelector';

vi.setConfig({ testTimeout: 30_000 });

vi.mock('../../api/system', async (orig) => {
  const real = await orig<typeof import('../../api/system')>();
  return {
    ...real,
    deptApi: {
      ...real.deptApi,
      tree: async () => [
        {
          id: '1',
          title: '合肥供水集团',
          deptCategory: 1,
          children: [
            { id: '2', title: '调度中心', deptCategory: 2 },
            {
              id: '3',
              title: '长丰水务公司',
              deptCategory: 1,
              children: [{ id: '4', title: '营业所', deptCategory: 2 }],
            },
          ],
        },
      ],
    },
  };
});

describe('company tree select', () => {
  it('offers only companies', async () => {
    const { CompanyTreeSelect } = await import('./treeSelects');
    renderApp(<CompanyTreeSelect />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByTitle('合肥供水集团')).toBeInTheDocument();
    expect(screen.getByTitle('长丰水务公司')).toBeInTheDocument();
    expect(screen.queryByTitle('调度中心')).not.toBeInTheDocument();
    expect(screen.queryByTitle('营业所')).not.toBeInTheDocument();
  });
});

describe('address cascader', () => {
  it('loads regions level by level from the lazy tree and reports codes or names', async () => {
    const load = vi.fn(async (code: string) =>
      code === '00'
        ? [{ value: '34', title: '安徽省', hasChildren: true }]
        : code === '34'
          ? [{ value: '3401', title: '合肥市', hasChildren: true }]
          : [{ value: '340121', title: '长丰县', hasChildren: false }],
    );
    const onChange = vi.fn();
    renderApp(<AddressCascader load={load} onChange={onChange} />);
    await waitFor(() => expect(load).toHaveBeenCalledWith('00'));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('安徽省'));
    await waitFor(() => expect(load).toHaveBeenCalledWith('34'));
    fireEvent.click(await screen.findByText('合肥市'));
    fireEvent.click(await screen.findByText('长丰县'));
    expect(onChange).toHaveBeenLastCalledWith(['34', '3401', '340121'], ['安徽省', '合肥市', '长丰县']);
  });
  it('with names, stores the names joined with a slash; level 2 stops at the city', async () => {
    const load = vi.fn(async (code: string) =>
      code === '00'
        ? [{ value: '34', title: '安徽省', hasChildren: true }]
        : [{ value: '3401', title: '合肥市', hasChildren: true }],
    );
    const named = vi.fn();
    renderApp(<AddressCascader load={load} onChange={named} names level={2} />);
    await waitFor(() => expect(load).toHaveBeenCalledWith('00'));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('安徽省'));
    fireEvent.click(await screen.findByText('合肥市'));
    expect(named).toHaveBeenLastCalledWith('安徽省/合肥市', ['安徽省', '合肥市']);
  });
});

describe('time-range selector', () => {
  it('a preset clicked again clears; the period mode keeps 2 to 3 dates', async () => {
    const seen = renderControlled<TimeRangeValue>(
      {
        major: 'customize',
        startTime: '2024-05-01 00:00:00',
        endTime: '2024-05-15 23:59:59',
      },
      (value, onChange) => <TimeRangeSelector value={value} onChange={onChange} />,
    );
    fireEvent.click(screen.getByRole('button', { name: '近4小时' }));
    expect(seen.at(-1)).toMatchObject({ major: 'customize', preset: 'hour04' });
    fireEvent.click(screen.getByRole('button', { name: '近4小时' }));
    expect(seen.at(-1)).not.toHaveProperty('preset');
    fireEvent.click(screen.getByText('周期对比'));
    expect(seen.at(-1)).toMatchObject({ major: 'period', dimension: 'DAY' });
    expect((seen.at(-1) as any).items).toHaveLength(2);
    const add = screen.getByRole('button', { name: /添加对比/ });
    fireEvent.click(add);
    expect((seen.at(-1) as any).items).toHaveLength(3);
    expect(screen.getByRole('button', { name: /添加对比/ })).toBeDisabled();
  });
});
