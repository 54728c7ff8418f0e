import type { LcFormConf } from '@swp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../components/testing/render';
import { okReply } from '../../../test/server';
import { FormDesigner } from './FormDesigner';

const ok = okReply;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ok({ list: [] })),
  );
});
afterEach(() => vi.unstubAllGlobals());

function setup(initial: LcFormConf = { fields: [] }) {
  let latest = initial;
  const onChange = vi.fn((c: LcFormConf) => {
    latest = c;
  });
  renderApp(<FormDesigner value={initial} onChange={onChange} height={800} />);
  return { latest: () => latest, onChange };
}

describe('FormDesigner', { timeout: 60_000 }, () => {
  it('adds fields from the palette, a sub-table with columns, and a formula over them', async () => {
    const d = setup();
    fireEvent.click(screen.getByTestId('palette-inputNumber'));
    expect(d.latest().fields.map((f) => f.__config__.jnpfKey)).toEqual(['inputNumber']);
    // the new field is selected: rename it in the properties panel
    const panel = screen.getByTestId('properties-panel');
    fireEvent.change(within(panel).getByLabelText('控件标题'), { target: { value: '单价' } });
    fireEvent.click(within(panel).getByRole('switch', { name: '是否必填' }));
    expect(d.latest().fields[0].__config__).toMatchObject({ label: '单价', required: true });

    // a sub-table: clicks add columns into it while it is selected
    fireEvent.click(screen.getByTestId('palette-table'));
    fireEvent.click(screen.getByTestId('palette-inputNumber'));
    const table = d.latest().fields[1];
    expect(table.__config__.jnpfKey).toBe('table');
    // the new column was added inside the table and is now selected; a second click goes after it
    expect(table.__config__.children!.map((c) => c.__config__.jnpfKey)).toEqual(['inputNumber']);
    // an upload cannot be a sub-table column: it goes to the form instead
    fireEvent.click(screen.getByTestId('palette-uploadFile'));
    expect(d.latest().fields[1].__config__.children).toHaveLength(1);
    expect(d.latest().fields.map((f) => f.__config__.jnpfKey)).toEqual(['inputNumber', 'table', 'uploadFile']);

    // click the canvas background to deselect, then add a formula at the root
    fireEvent.click(screen.getByTestId('drop-root'));
    fireEvent.click(screen.getByTestId('palette-calculate'));
    const calc = d.latest().fields.at(-1)!;
    expect(calc.__config__.jnpfKey).toBe('calculate');
    const editor = screen.getByTestId('expression-editor');
    const refSelect = within(editor).getByLabelText('插入字段');
    fireEvent.mouseDown(refSelect);
    fireEvent.click(await screen.findByTitle('单价'));
    fireEvent.click(within(editor).getByRole('button', { name: '+' }));
    fireEvent.mouseDown(refSelect);
    fireEvent.click(await screen.findByTitle(/设计子表\.数字输入/));
    expect(d.latest().fields.at(-1)!.expression).toEqual([
      { __vModel__: d.latest().fields[0].__vModel__ },
      '+',
      { __vModel__: `${table.__vModel__}.${table.__config__.children![0].__vModel__}` },
    ]);
    expect(within(editor).getByLabelText('计算公式')).toHaveValue('{单价} + {设计子表.数字输入}');
  });

  it('undoes and redoes, and clears', async () => {
    const d = setup();
    fireEvent.click(screen.getByTestId('palette-input'));
    fireEvent.click(screen.getByTestId('palette-textarea'));
    expect(d.latest().fields).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /撤销/ }));
    expect(d.latest().fields).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /重做/ }));
    expect(d.latest().fields).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /清\s*空/ }));
    expect(d.latest().fields).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /撤销/ }));
    expect(d.latest().fields).toHaveLength(2);
  });

  it('copies and deletes the selected field', () => {
    const d = setup();
    fireEvent.click(screen.getByTestId('palette-input'));
    fireEvent.click(screen.getByRole('button', { name: '复制' }));
    expect(d.latest().fields.map((f) => f.__vModel__)).toHaveLength(2);
    expect(new Set(d.latest().fields.map((f) => f.__vModel__)).size).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(d.latest().fields).toHaveLength(1);
  });

  it('previews the form at desktop and phone widths', async () => {
    setup({
      fields: [
        { __config__: { jnpfKey: 'input', label: '名称', formId: 1, span: 12 }, __vModel__: 'name' },
        { __config__: { jnpfKey: 'input', label: '地址', formId: 2, span: 12 }, __vModel__: 'addr' },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: /预览/ }));
    const pc = await screen.findByTestId('preview-pc');
    expect(within(pc).getByLabelText('名称')).toBeInTheDocument();
    expect(pc.querySelectorAll('.ant-col-12').length).toBe(2);
    fireEvent.click(screen.getByText('手机'));
    const phone = await screen.findByTestId('preview-phone');
    expect(phone).toHaveStyle({ width: '375px' });
    expect(phone.querySelectorAll('.ant-col-12').length).toBe(0);
  });

  it('edits the form script with the four hooks in the script editor', async () => {
    const d = setup();
    fireEvent.click(screen.getByRole('button', { name: /脚本/ }));
    fireEvent.click(await screen.findByRole('button', { name: '插入默认脚本' }));
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() =>
      expect(d.latest().script).toMatch(/beforeMount[\s\S]*afterMount[\s\S]*beforeSubmit[\s\S]*afterSubmit/),
    );
  });
});
