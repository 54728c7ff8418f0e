import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render';
import { InputTable, type InputTableHandle } from './InputTable';
import { type InputTableColumn, newRow, requiredErrors, summaryOf } from './inputTableRules';
import { POPUP_SELECT_WIDTH, PopupSelect } from './PopupSelect';
import { USER_PICKER_PAGE_SIZE, USER_PICKER_WIDTH, UserPicker } from './UserPicker';
import { FileUpload, ImageUpload } from './uploads';

vi.setConfig({ testTimeout: 30_000 });

const people = Array.from({ length: 23 }, (_, i) => ({
  id: String(i + 1),
  realName: `用户${i + 1}`,
  avatar: '',
  deptName: i % 2 ? '调度中心' : '财务部',
  postName: '职员',
}));
const search = vi.fn(async (q: { current: number; size: number; realName?: string; deptId?: string }) => {
  const list = people.filter((p) => !q.realName || p.realName.includes(q.realName));
  return {
    records: list.slice((q.current - 1) * q.size, q.current * q.size),
    total: list.length,
    size: q.size,
    current: q.current,
    pages: 3,
  };
});
const modalWidth = (dialog: HTMLElement) => (dialog.closest('.ant-modal') as HTMLElement).style.width;

describe('user picker 人员选择', () => {
  it('pages 10 people with avatar, name, department, position; warns when nothing is chosen', async () => {
    const onOk = vi.fn();
    renderApp(<UserPicker open search={search} onOk={onOk} onCancel={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('人员选择')).toBeInTheDocument();
    expect(modalWidth(dialog)).toBe(`${USER_PICKER_WIDTH.plain}px`);
    for (const h of ['头像', '姓名', '部门', '岗位']) expect(within(dialog).getByText(h)).toBeInTheDocument();
    await within(dialog).findByText('用户1');
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ current: 1, size: USER_PICKER_PAGE_SIZE }));
    expect(USER_PICKER_PAGE_SIZE).toBe(10);
    expect(within(dialog).getAllByRole('radio')).toHaveLength(10);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    expect(onOk).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByText('用户3'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(onOk).toHaveBeenCalledWith([expect.objectContaining({ id: '3', realName: '用户3' })]);
  });

  it('multiple choice with checkboxes keeps choices across pages; the tree variant is 1500 wide', async () => {
    const onOk = vi.fn();
    renderApp(
      <UserPicker
        open
        multiple
        withTree
        search={search}
        loadDepts={async () => [{ value: 'd1', title: '调度中心' }]}
        onOk={onOk}
        onCancel={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(modalWidth(dialog)).toBe(`${USER_PICKER_WIDTH.tree}px`);
    // the tree re-renders its root when the departments arrive: finding it is the check (the node first found may
    // already be replaced by the time a second assertion looks at it)
    await within(dialog).findByText('全部部门');
    await within(dialog).findByText('用户1');
    expect(within(dialog).getAllByRole('checkbox').length).toBeGreaterThanOrEqual(10);
    fireEvent.click(within(dialog).getByText('用户1'));
    fireEvent.click(within(dialog).getByTitle('2'));
    await within(dialog).findByText('用户11');
    fireEvent.click(within(dialog).getByText('用户12'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(onOk.mock.calls[0][0].map((u: any) => u.id)).toEqual(['1', '12']);
    fireEvent.click(within(dialog.querySelector('.ant-tree') as HTMLElement).getByText('调度中心'));
    await waitFor(() => expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ deptId: 'd1', current: 1 })));
  });
});

describe('popup table select', () => {
  it('is 700 wide, filters by keyword, and needs a chosen row to confirm', async () => {
    const load = vi.fn(async (q: { keyword: string }) => {
      const rows = [
        { value: 'A01', label: '城东水厂' },
        { value: 'B02', label: '城西水厂' },
      ].filter((r) => !q.keyword || r.label.includes(q.keyword));
      return { records: rows, total: rows.length };
    });
    const onChange = vi.fn();
    function Host() {
      const [v, setV] = useState<string | undefined>();
      return (
        <PopupSelect
          value={v}
          load={load}
          onChange={(x, row) => {
            onChange(x, row);
            setV(x);
          }}
        />
      );
    }
    renderApp(<Host />);
    fireEvent.click(screen.getByRole('textbox'));
    const dialog = await screen.findByRole('dialog');
    expect(modalWidth(dialog)).toBe(`${POPUP_SELECT_WIDTH}px`);
    await within(dialog).findByText('城东水厂');
    const ok = within(dialog).getByRole('button', { name: /确\s*定/ });
    expect(ok).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('请输入关键词'), '城西');
    fireEvent.click(within(dialog).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ keyword: '城西', current: 1 })),
    );
    await waitFor(() => expect(within(dialog).queryByText('城东水厂')).not.toBeInTheDocument());
    fireEvent.click(within(dialog).getAllByRole('radio')[0]);
    expect(ok).toBeEnabled();
    fireEvent.click(ok);
    expect(onChange).toHaveBeenCalledWith('B02', expect.objectContaining({ label: '城西水厂' }));
    await waitFor(() => expect(screen.getByDisplayValue('城西水厂')).toBeInTheDocument());
  });
});

const ok = (name: string) => ({
  code: 200,
  success: true,
  msg: '操作成功',
  data: { name, originalName: name, link: `/files/${name}`, attachId: name },
});

describe('file upload', () => {
  it('shows the tip and refuses files over the size with 文件大小超过{n}{unit}', async () => {
    const send = vi.fn(async (f: File | Blob) => ok((f as File).name) as any);
    const onChange = vi.fn();
    const { container } = renderApp(
      <FileUpload fileSize={1} sizeUnit="KB" accept=".pdf" send={send} onChange={onChange} />,
    );
    expect(screen.getByTestId('upload-tip')).toHaveTextContent('只能上传不超过1KB的.pdf文件');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['x'.repeat(2048)], 'big.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('文件大小超过1KB')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    await userEvent.upload(
      container.querySelector('input[type=file]') as HTMLInputElement,
      new File(['x'], 'small.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith([{ name: 'small.pdf', fileId: 'small.pdf', url: '/files/small.pdf' }]),
    );
  });

  it('the default tip is 2MB; more than the limit shows 当前限制最多可以上传{limit}个文件', async () => {
    const send = vi.fn(async (f: File | Blob) => ok((f as File).name) as any);
    const { container } = renderApp(
      <FileUpload limit={2} send={send} value={[{ name: 'a', url: '/a', fileId: 'a' }]} onChange={() => {}} />,
    );
    expect(screen.getByTestId('upload-tip')).toHaveTextContent('只能上传不超过2MB的文件');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, [new File(['1'], 'b.txt'), new File(['2'], 'c.txt')]);
    expect(await screen.findByText('当前限制最多可以上传2个文件')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('with a limit of 1 the new file replaces the old one', async () => {
    const send = vi.fn(async (f: File | Blob) => ok((f as File).name) as any);
    const onChange = vi.fn();
    const { container } = renderApp(
      <FileUpload limit={1} send={send} value={[{ name: 'old', url: '/old', fileId: 'old' }]} onChange={onChange} />,
    );
    await userEvent.upload(container.querySelector('input[type=file]') as HTMLInputElement, new File(['1'], 'new.txt'));
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith([{ name: 'new.txt', fileId: 'new.txt', url: '/files/new.txt' }]),
    );
  });

  it('an upload refused by the server shows its message as an error for 1.5 s', async () => {
    const { HttpError } = await import('../../api/http');
    const send = vi.fn(async () => {
      throw new HttpError(400, '不允许的文件类型', { code: 400, msg: '不允许的文件类型' });
    });
    const spy = vi.fn();
    const { App } = await import('antd');
    function Probe() {
      const { message } = App.useApp();
      const orig = message.error;
      message.error = ((c: any) => {
        spy(c);
        return orig(c);
      }) as any;
      return <FileUpload send={send as any} onChange={() => {}} />;
    }
    const { container } = renderApp(<Probe />);
    await userEvent.upload(container.querySelector('input[type=file]') as HTMLInputElement, new File(['1'], 'x.exe'));
    expect(await screen.findByText('不允许的文件类型')).toBeInTheDocument();
    expect(spy).toHaveBeenCalledWith({ content: '不允许的文件类型', duration: 1.5 });
  });
});

describe('image upload', () => {
  it('is a picture card list of image/* with 当前限制最多可以上传{n}张图片', async () => {
    const send = vi.fn(async (f: File | Blob) => ok((f as File).name) as any);
    const onChange = vi.fn();
    const { container } = renderApp(
      <ImageUpload
        limit={1 + 1}
        send={send}
        value={[{ name: 'a.png', url: '/a.png', fileId: 'a' }]}
        onChange={onChange}
      />,
    );
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    expect(container.querySelector('.ant-upload-list-picture-card')).toBeTruthy();
    await userEvent.upload(input, [
      new File(['1'], 'b.png', { type: 'image/png' }),
      new File(['2'], 'c.png', { type: 'image/png' }),
    ]);
    expect(await screen.findByText('当前限制最多可以上传2张图片')).toBeInTheDocument();
    await userEvent.upload(
      container.querySelector('input[type=file]') as HTMLInputElement,
      new File(['1'], 'b.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith([
        { name: 'a.png', url: '/a.png', fileId: 'a' },
        { name: 'b.png', fileId: 'b.png', url: '/files/b.png' },
      ]),
    );
  });
  it('deletes a picture', async () => {
    const onChange = vi.fn();
    renderApp(<ImageUpload value={[{ name: 'a.png', url: '/a.png', fileId: 'a' }]} onChange={onChange} />);
    fireEvent.click(screen.getByTitle('删除文件'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([]));
  });
});

const cols: InputTableColumn[] = [
  { prop: 'name', jnpfKey: 'comInput', label: '名称', required: true },
  { prop: 'qty', jnpfKey: 'numInput', label: '数量', defaultValue: 1 },
  { prop: 'price', jnpfKey: 'amount', label: '金额' },
  { prop: 'rate', jnpfKey: 'slider', label: '比例' },
  { prop: 'note', jnpfKey: 'textarea', label: '备注' },
  { prop: 'total', jnpfKey: 'calculate', label: '小计', formula: '{qty} × {price}' },
  { prop: 'when', jnpfKey: 'date', label: '日期', defaultValue: 'now' },
];

describe('input table rules', () => {
  it('sums only amount, number-input and slider columns', () => {
    const sums = summaryOf(cols, [
      { qty: 2, price: 1.1, rate: 10, note: '3' },
      { qty: '3', price: 2.2, rate: 20, total: 100 },
    ]);
    expect(sums).toEqual({ qty: 5, price: 3.3, rate: 30 });
  });
  it('flags required cells that are null, undefined, empty or []', () => {
    const c: InputTableColumn[] = [{ prop: 'a', jnpfKey: 'checkbox', label: 'a', required: true }];
    expect(requiredErrors(c, [{ a: null }, { a: undefined }, { a: '' }, { a: [] }, { a: ['x'] }, { a: 0 }])).toEqual([
      '0:a',
      '1:a',
      '2:a',
      '3:a',
    ]);
  });
  it('new rows take defaults; a date defaulting to now is the current time', () => {
    expect(newRow(cols, new Date('2024-05-15T10:00:00+08:00'))).toEqual({ qty: 1, when: '2024-05-15 10:00:00' });
  });
});

describe('input table', () => {
  it('adds and deletes rows with a sequence column and the 合计 row; required cells show 不能为空', async () => {
    const seen: any[] = [];
    let handle: InputTableHandle | null = null;
    function Host() {
      const [rows, setRows] = useState<any[]>([]);
      const ref = useRef<InputTableHandle>(null);
      handle = ref.current;
      return (
        <InputTable
          ref={(h) => {
            ref.current = h;
            handle = h;
          }}
          columns={cols}
          value={rows}
          onChange={(r) => {
            seen.push(r);
            setRows(r);
          }}
        />
      );
    }
    renderApp(<Host />);
    fireEvent.click(screen.getByRole('button', { name: /添\s*加/ }));
    fireEvent.click(screen.getByRole('button', { name: /添\s*加/ }));
    expect(seen.at(-1)).toHaveLength(2);
    const table = screen.getByTestId('input-table');
    expect(within(table).getAllByText('序号').length).toBeGreaterThan(0);
    const firstCells = [...table.querySelectorAll('tbody tr.ant-table-row')].map(
      (tr) => tr.querySelector('td')?.textContent,
    );
    expect(firstCells).toEqual(['1', '2']);
    const summary = table.querySelector('.ant-table-summary') as HTMLElement;
    expect(within(summary).getByText('合计')).toBeInTheDocument();
    const sumCells = [...summary.querySelectorAll('td')].map((td) => td.textContent);
    expect(sumCells.slice(0, 5)).toEqual(['合计', '', '2', '0', '0']); // qty 1 + 1; name is not summed
    await userEvent.type(screen.getByLabelText('金额 第 1 行'), '2.5');
    await userEvent.type(screen.getByLabelText('名称 第 1 行'), 'x');
    expect(seen.at(-1)[0]).toMatchObject({ name: 'x', price: 2.5, total: 2.5 });
    let valid = true;
    await waitFor(() => {
      valid = handle!.validate();
    });
    expect(valid).toBe(false);
    expect(await screen.findByText('不能为空')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: /删\s*除/ })[1]);
    expect(seen.at(-1)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('不能为空')).not.toBeInTheDocument());
  });

  it('has a card variant', () => {
    renderApp(<InputTable card columns={cols} value={[{ name: 'a', qty: 2 }]} onChange={() => {}} />);
    expect(screen.getByText('第 1 行')).toBeInTheDocument();
    expect(screen.getByTestId('input-table-summary')).toHaveTextContent('合计');
    expect(screen.getByTestId('input-table-summary')).toHaveTextContent('数量: 2');
    expect(screen.getByTestId('input-table-summary')).not.toHaveTextContent('备注');
  });
});
