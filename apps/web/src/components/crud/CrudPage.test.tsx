import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { memoryApi, renderApp } from '../testing/render';
import { CrudPage } from './CrudPage';
import { searchQuery } from './fields';
import type { CrudColumn } from './types';

type Param = { id: string; paramName: string; paramKey: string; paramValue: string };

const columns: CrudColumn<Param>[] = [
  { prop: 'paramName', label: '参数名称', search: true, required: '请输入参数名称' },
  { prop: 'paramKey', label: '参数键名', search: true, required: '请输入参数键名' },
  { prop: 'paramValue', label: '参数键值', type: 'textarea', rows: 6, required: '请输入参数键值' },
];

const seed = (n: number): Param[] =>
  Array.from({ length: n }, (_, i) => ({
    id: String(i + 1),
    paramName: `name${i + 1}`,
    paramKey: `key${i + 1}`,
    paramValue: `v${i + 1}`,
  }));

describe('searchQuery', () => {
  it('drops empty values and turns a date range into _dategt/_datelt', () => {
    const cols: CrudColumn[] = [
      { prop: 'a', label: 'a', search: true },
      { prop: 'b', label: 'b', search: true },
      { prop: 'c', label: 'c', search: true, type: 'select' },
      { prop: 'createTime', label: 't', search: true, searchType: 'daterange' },
      { prop: 'd', label: 'd' },
    ];
    const q = searchQuery(cols, {
      a: ' x ',
      b: '  ',
      c: null,
      createTime: [dayjs('2024-01-01 00:00:00'), dayjs('2024-01-31 23:59:59')],
      d: 'not searchable',
    });
    expect(q).toEqual({ a: 'x', createTime_dategt: '2024-01-01 00:00:00', createTime_datelt: '2024-01-31 23:59:59' });
  });
});

describe('CrudPage', { timeout: 30_000 }, () => {
  it('asks for the first page while it renders (before the screen is on screen), once', async () => {
    const api = memoryApi(seed(3));
    let callsWhenMounted = -1;
    // a sibling after the list: its layout effect runs when the whole screen has been committed, before any
    // passive effect (where a query observer would start its fetch)
    function After() {
      useLayoutEffect(() => {
        callsWhenMounted = api.calls.page.length;
      }, []);
      return null;
    }
    renderApp(
      <>
        <CrudPage api={api} columns={columns} />
        <After />
      </>,
    );
    expect(callsWhenMounted).toBe(1);
    expect(await screen.findByText('name1')).toBeInTheDocument();
    expect(api.calls.page).toHaveLength(1);
  });

  it('pages on the server, 10 per page by default with 10/30/50/100/200', async () => {
    const api = memoryApi(seed(25));
    renderApp(<CrudPage api={api} columns={columns} />);
    expect(await screen.findByText('name1')).toBeInTheDocument();
    expect(api.calls.page[0]).toMatchObject({ current: 1, size: 10 });
    expect(screen.getByText('共 25 条')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('name11')).toBeInTheDocument();
    expect(api.calls.page.at(-1)).toMatchObject({ current: 2, size: 10 });
    // the size changer lists the spec's sizes
    fireEvent.mouseDown(screen.getByRole('combobox'));
    for (const s of [10, 30, 50, 100, 200])
      expect((await screen.findAllByText(`${s} 条/页`)).length).toBeGreaterThan(0);
  });

  it('large variant: 20 per page, sizes 20/50/100/500', async () => {
    const api = memoryApi(seed(45));
    renderApp(<CrudPage api={api} columns={columns} pageVariant="large" />);
    expect(await screen.findByText('name20')).toBeInTheDocument();
    expect(api.calls.page[0]).toMatchObject({ current: 1, size: 20 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '每页条数' }));
    for (const s of [20, 50, 100, 500]) expect((await screen.findAllByText(`${s} 条/页`)).length).toBeGreaterThan(0);
  });

  it('search drops empty values and goes back to page 1', async () => {
    const api = memoryApi(seed(25));
    renderApp(<CrudPage api={api} columns={columns} />);
    await screen.findByText('name1');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('name11');
    const search = screen.getByTestId('crud-search');
    await userEvent.type(within(search).getByPlaceholderText('请输入参数名称'), 'name2');
    fireEvent.click(within(search).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(api.calls.page.at(-1)).toEqual({ current: 1, size: 10, paramName: 'name2' }));
  });

  it('add shows the schema validation texts, then saves with 新增成功', async () => {
    const api = memoryApi(seed(1));
    renderApp(<CrudPage api={api} columns={columns} title="参数" />);
    await screen.findByText('name1');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入参数名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入参数键名')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入参数键值')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('参数名称'), 'N');
    await userEvent.type(within(dialog).getByLabelText('参数键名'), 'K');
    await userEvent.type(within(dialog).getByLabelText('参数键值'), 'V');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(api.calls.submit[0]).toEqual({ paramName: 'N', paramKey: 'K', paramValue: 'V' });
    expect(await screen.findByText('N')).toBeInTheDocument();
  });

  it('edit loads the detail and saves with 更新成功; view is read-only', async () => {
    const api = memoryApi(seed(1));
    renderApp(<CrudPage api={api} columns={columns} />);
    await screen.findByText('name1');
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('参数名称')).toHaveValue('name1'));
    await userEvent.clear(within(dialog).getByLabelText('参数名称'));
    await userEvent.type(within(dialog).getByLabelText('参数名称'), 'renamed');
    fireEvent.click(within(dialog).getByRole('button', { name: /修\s*改/ }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(api.calls.submit[0]).toMatchObject({ id: '1', paramName: 'renamed', paramKey: 'key1' });
    fireEvent.click(screen.getByRole('button', { name: /查\s*看/ }));
    await waitFor(() => {
      const d = screen.getAllByRole('dialog').at(-1)!;
      expect(within(d).getByLabelText('参数名称')).toBeDisabled();
    });
  });

  it('multi-delete warns with nothing selected, confirms, then deletes with 删除成功', async () => {
    const api = memoryApi(seed(3));
    renderApp(<CrudPage api={api} columns={columns} />);
    await screen.findByText('name1');
    const toolbarDelete = () => screen.getAllByRole('button', { name: /删\s*除/ })[0];
    fireEvent.click(toolbarDelete());
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1]);
    fireEvent.click(boxes[2]);
    fireEvent.click(toolbarDelete());
    expect(await screen.findByText('确定将选择数据删除?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(api.calls.remove[0]).toEqual(['1', '2']);
    await waitFor(() => expect(screen.queryByText('name1')).not.toBeInTheDocument());
  });

  it('shows the empty state', async () => {
    renderApp(<CrudPage api={memoryApi([])} columns={columns} />);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
  });

  it('shows option labels and loads lazy tree children on expand', async () => {
    const rows = [{ id: '1', name: 'root', kind: 1, hasChildren: true }];
    const api = { key: 'tree', page: async () => rows, submit: async () => null, remove: async () => null };
    renderApp(
      <CrudPage
        api={api}
        paged={false}
        lazy={async () => [{ id: '2', name: 'leaf', kind: 2, hasChildren: false }]}
        columns={[
          { prop: 'name', label: 'name' },
          {
            prop: 'kind',
            label: 'kind',
            type: 'select',
            options: [
              { label: '公司', value: 1 },
              { label: '部门', value: 2 },
            ],
          },
        ]}
      />,
    );
    expect(await screen.findByText('公司')).toBeInTheDocument();
    expect(screen.queryByTestId('crud-pagination')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /展开|expand/i }));
    expect(await screen.findByText('leaf')).toBeInTheDocument();
    expect(screen.getByText('部门')).toBeInTheDocument();
  });
});

describe('CrudPage permissions', { timeout: 30_000 }, () => {
  it('shows only the granted buttons when judging is on', async () => {
    const { website } = await import('../../lib/website');
    const { useSession } = await import('../../stores/session');
    const { buttonCode } = await import('./CrudPage');
    expect(buttonCode('param', 'remove')).toBe('param_delete');
    expect(buttonCode(undefined, 'add')).toBe('btn_add');
    const before = website.permissionJudge;
    website.permissionJudge = true;
    useSession.setState({ permission: { param_view: true, param_edit: true } });
    try {
      renderApp(<CrudPage api={memoryApi(seed(2))} columns={columns} permission="param" />);
      await screen.findByText('name1');
      expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
      expect(screen.queryAllByRole('button', { name: /删\s*除/ })).toHaveLength(0);
      expect(screen.getAllByRole('button', { name: /编\s*辑/ })).toHaveLength(2);
      expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(2);
    } finally {
      website.permissionJudge = before;
      useSession.setState({ permission: {} });
    }
  });

  it('shows every button when judging is off', async () => {
    renderApp(<CrudPage api={memoryApi(seed(1))} columns={columns} permission="param" />);
    await screen.findByText('name1');
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /删\s*除/ }).length).toBeGreaterThan(0);
  });
});

describe('CrudPage large pagination', { timeout: 30_000 }, () => {
  it('lays out total, sizes, pager and jumper, and scrolls to the top on a change', async () => {
    const { vi } = await import('vitest');
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const api = memoryApi(seed(45));
    renderApp(<CrudPage api={api} columns={columns} pageVariant="large" />);
    await screen.findByText('name1');
    const bar = screen.getByTestId('crud-pagination');
    const text = bar.textContent ?? '';
    expect(text.indexOf('共 45 条')).toBeLessThan(text.indexOf('20 条/页'));
    expect(bar.querySelector('.ant-pagination-options-quick-jumper')).toBeTruthy();
    fireEvent.click(within(bar).getByTitle('2'));
    await screen.findByText('name21');
    expect(scroll).toHaveBeenCalled();
    scroll.mockRestore();
  });
});
