import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../components/testing/render';
import DataInterfacePage from './DataInterfacePage';

const store = vi.hoisted(() => ({
  rows: [] as Record<string, any>[],
  submits: [] as Record<string, any>[],
  calls: [] as { id: string; params: unknown }[],
}));

vi.mock('../../../api/lowcode', async (orig) => {
  const real = await orig<typeof import('../../../api/lowcode')>();
  const { memoryRecords, onePage } = await import('../../../test/memoryApi');
  return {
    ...real,
    dataSourceApi: {
      ...real.dataSourceApi,
      selector: async () => ({ list: [{ id: '0', fullName: '本系统数据库', dbType: 'PostgreSQL' }] }),
    },
    dataInterfaceApi: {
      ...real.dataInterfaceApi,
      key: 'memory-interfaces',
      page: async () => onePage(store.rows),
      ...memoryRecords(store),
      remove: async () => {},
      response: async (id: string, params: unknown) => {
        store.calls.push({ id, params });
        return { code: 200, success: true, msg: '', data: [{ tier: 1, totalPrice: 2.9 }] };
      },
    },
  };
});

const TARIFF = {
  id: '5',
  fullName: '水价标准查询',
  enCode: 'water_tariff_query',
  dataType: 1,
  dbLinkId: '0',
  query: 'select * from swp_water_tariff where category = @category',
  staticData: null,
  parameterJson: '[{"field":"category","label":"用水类别","dataType":"number","defaultValue":1,"required":true}]',
  enabledMark: 1,
  rowLimit: 1000,
  timeoutMs: 5000,
};

const modal = () => document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal') as HTMLElement;

describe('数据接口', { timeout: 60_000 }, () => {
  it('adds static data: the SQL fields go away, invalid JSON is refused, only static fields are sent', async () => {
    store.rows = [{ ...TARIFF }];
    store.submits = [];
    renderApp(<DataInterfacePage />);
    expect(await screen.findByText('水价标准查询')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const d = await waitFor(() => {
      const m = modal();
      expect(m).toBeTruthy();
      return m;
    });
    expect(within(d).getByLabelText('SQL 语句')).toBeInTheDocument();
    fireEvent.click(within(d).getByRole('radio', { name: '静态数据' }));
    const data = await within(d).findByRole('textbox', { name: '静态数据' });
    expect(within(d).queryByLabelText('SQL 语句')).toBeNull();
    fireEvent.change(within(d).getByLabelText('接口名称'), { target: { value: '故障类型' } });
    fireEvent.change(within(d).getByLabelText('接口编码'), { target: { value: 'fault_types' } });
    fireEvent.change(data, { target: { value: '[{"id": "1"' } });
    fireEvent.click(within(d).getByRole('button', { name: /保\s*存/ }));
    expect(await within(d).findByText('静态数据不是有效的 JSON')).toBeInTheDocument();
    fireEvent.change(data, { target: { value: '[{"id": "1", "fullName": "水表故障"}]' } });
    fireEvent.click(within(d).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(store.submits).toHaveLength(1));
    expect(store.submits[0]).toMatchObject({
      fullName: '故障类型',
      enCode: 'fault_types',
      dataType: 2,
      dbLinkId: null,
      query: null,
      staticData: '[{"id": "1", "fullName": "水表故障"}]',
      enabledMark: 1,
    });
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });

  it('calls an interface with its declared parameters and shows the rows', async () => {
    store.rows = [{ ...TARIFF }];
    store.calls = [];
    renderApp(<DataInterfacePage />);
    const row = (await screen.findByText('水价标准查询')).closest('tr') as HTMLElement;
    await waitFor(() => expect(row).toHaveTextContent('本系统数据库'));
    fireEvent.click(within(row).getByRole('button', { name: /调\s*用/ }));
    const d = (await screen.findByText('调用接口: 水价标准查询')).closest('.ant-modal') as HTMLElement;
    // the default is the placeholder; a typed value goes instead
    const input = within(d).getByLabelText('用水类别 (category)');
    expect(input).toHaveAttribute('placeholder', '1');
    fireEvent.click(within(d).getByRole('button', { name: /调\s*用/ }));
    expect(await within(d).findByText('2.9')).toBeInTheDocument();
    expect(within(d).getByText(/返回 1 行/)).toBeInTheDocument();
    expect(store.calls[0]).toEqual({ id: '5', params: { category: 1 } });
  });
});
