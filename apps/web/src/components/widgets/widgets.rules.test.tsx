import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, renderControlled } from '../testing/render';

vi.setConfig({ testTimeout: 30_000 });

import { AmountInput } from './AmountInput';
import { CalcField } from './CalcField';
import { ImportButton, importOutcome } from './ImportButton';
import { NumericRange } from './NumericRange';
import { normaliseHtml, RichTextEditor } from './RichTextEditor';
import { DEFAULT_SCRIPT, SCRIPT_DIALOG_WIDTH, ScriptEditorDialog, scriptHooks } from './ScriptEditorDialog';
import { BillRuleSelect, billRuleLabel } from './selectors';
import { TreeSelectField } from './TreeSelectField';
import { acceptValues, leafOnlyTree, toTreeOptions } from './treeUtils';

describe('tree selects: last-level mode', { timeout: 20_000 }, () => {
  const tree = toTreeOptions([
    {
      id: '1',
      title: '总公司',
      children: [
        { id: '2', title: '调度中心', children: [{ id: '3', title: '值班组' }] },
        { id: '4', title: '财务部' },
      ],
    },
  ]);
  it('accepts only leaves in last-level mode', () => {
    expect(acceptValues(tree, ['1', '2', '3', '4'], true)).toEqual(['3', '4']);
    expect(acceptValues(tree, ['1', '3'], false)).toEqual(['1', '3']);
    const marked = leafOnlyTree(tree, true);
    expect(marked[0].selectable).toBe(false);
    expect(marked[0].children![1].selectable).toBe(true);
    expect(marked[0].children![0].disableCheckbox).toBe(true);
  });
  it('a lazily announced node with hasChildren is not a leaf', () => {
    const lazy = toTreeOptions([
      { id: '9', title: 'x', hasChildren: true },
      { id: '8', title: 'y', hasChildren: false },
    ]);
    expect(acceptValues(lazy, ['9', '8'], true)).toEqual(['8']);
  });
  it('single select refuses a branch in last-level mode', async () => {
    const onChange = vi.fn();
    renderApp(<TreeSelectField leafOnly load={async () => tree} onChange={onChange} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await screen.findByTitle('总公司');
    fireEvent.click(screen.getByTitle('总公司'));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTitle('财务部'));
    expect(onChange).toHaveBeenCalledWith('4');
  });
  it('multiple values may travel comma-joined', async () => {
    const onChange = vi.fn();
    renderApp(<TreeSelectField multiple joined load={async () => tree} onChange={onChange} value="3" />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('财务部'));
    expect(onChange).toHaveBeenLastCalledWith('3,4');
  });
});

describe('numeric range', () => {
  it('reports [] when both ends are empty, else [min, max]', async () => {
    const seen = renderControlled<any>([], (value, onChange) => <NumericRange value={value} onChange={onChange} />);
    const min = screen.getByLabelText('最小值');
    await userEvent.type(min, '3');
    expect(seen.at(-1)).toEqual([3, null]);
    await userEvent.type(screen.getByLabelText('最大值'), '9');
    expect(seen.at(-1)).toEqual([3, 9]);
    await userEvent.clear(min);
    await userEvent.clear(screen.getByLabelText('最大值'));
    expect(seen.at(-1)).toEqual([]);
  });
});

describe('calculated field', () => {
  it('recomputes 500 ms after the inputs change; a formula error counts as 0', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onChange = vi.fn();
    const { rerender } = renderApp(
      <CalcField formula="{price} × {qty}" values={{ price: 2, qty: 3 }} onChange={onChange} chinese />,
    );
    expect(screen.getByTestId('calc-field')).toHaveValue('6');
    rerender(<CalcField formula="{price} × {qty}" values={{ price: 2, qty: 5 }} onChange={onChange} chinese />);
    act(() => vi.advanceTimersByTime(499));
    expect(screen.getByTestId('calc-field')).toHaveValue('6');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('calc-field')).toHaveValue('10');
    expect(onChange).toHaveBeenLastCalledWith(10);
    expect(screen.getByTestId('calc-field-chinese')).toHaveTextContent('壹拾元整');
    rerender(<CalcField formula="{price} ÷ {qty}" values={{ price: 0, qty: 0 }} onChange={onChange} />);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('calc-field')).toHaveValue('0');
    rerender(<CalcField formula="{price} × × 2" values={{ price: 4 }} onChange={onChange} />);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('calc-field')).toHaveValue('0');
    vi.useRealTimers();
    warn.mockRestore();
  });
});

describe('amount input', () => {
  it('shows the amount in Chinese capitalised numerals', () => {
    renderApp(<AmountInput value={1001.5} />);
    expect(screen.getByTestId('amount-chinese')).toHaveTextContent('壹仟零壹元伍角');
  });
});

describe('import button', () => {
  it('reads the outcome from the body code', () => {
    expect(importOutcome({ code: 200, msg: '导入成功 3 条' })).toEqual({ ok: true, text: '导入成功 3 条' });
    expect(importOutcome({ code: 400, msg: '第 2 行账号为空' })).toEqual({ ok: false, text: '第 2 行账号为空' });
  });
  it('shows the server message as success on 200 and as an error otherwise', async () => {
    const upload = vi
      .fn()
      .mockResolvedValueOnce({ code: 200, success: true, data: null, msg: '导入成功' })
      .mockResolvedValueOnce({ code: 400, success: false, data: null, msg: '模板不正确' });
    const { container } = renderApp(<ImportButton upload={upload} />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['x'], 'users.xlsx');
    await userEvent.upload(input, file);
    expect(await screen.findByText('导入成功')).toBeInTheDocument();
    expect(document.querySelector('.ant-message-success')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('input[type=file]')).toBeTruthy());
    await userEvent.upload(
      container.querySelector('input[type=file]') as HTMLInputElement,
      new File(['y'], 'other.xlsx'),
    );
    expect(await screen.findByText('模板不正确')).toBeInTheDocument();
    expect(document.querySelector('.ant-message-error')).toBeTruthy();
  });
});

describe('rich-text editor', () => {
  it('treats empty markup as empty and reports what is typed', () => {
    expect(normaliseHtml('<p><br></p>')).toBe('');
    expect(normaliseHtml('<b>x</b>')).toBe('<b>x</b>');
    const onChange = vi.fn();
    renderApp(<RichTextEditor value="<p>hello</p>" onChange={onChange} />);
    const box = screen.getByRole('textbox');
    expect(box.innerHTML).toBe('<p>hello</p>');
    box.innerHTML = '<p>hello <b>world</b></p>';
    fireEvent.input(box);
    expect(onChange).toHaveBeenLastCalledWith('<p>hello <b>world</b></p>');
    expect(screen.getByRole('button', { name: '加粗' })).toBeInTheDocument();
  });
});

describe('custom-script editor dialog', () => {
  it('is 1200 wide; inserts the default script with the four hooks; clears; confirms', async () => {
    expect(scriptHooks(DEFAULT_SCRIPT)).toEqual(['beforeMount', 'afterMount', 'beforeSubmit', 'afterSubmit']);
    const onConfirm = vi.fn();
    renderApp(<ScriptEditorDialog open value="" onConfirm={onConfirm} onCancel={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(SCRIPT_DIALOG_WIDTH).toBe(1200);
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('1200px');
    fireEvent.click(within(dialog).getByRole('button', { name: '插入默认脚本' }));
    const area = within(dialog).getByLabelText('脚本编辑') as HTMLTextAreaElement;
    expect(scriptHooks(area.value)).toHaveLength(4);
    fireEvent.click(within(dialog).getByRole('button', { name: /清\s*空/ }));
    expect(area.value).toBe('');
    fireEvent.change(area, { target: { value: '({ afterMount(d) {} })' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm).toHaveBeenCalledWith('({ afterMount(d) {} })');
  });
});

describe('bill rule selector', () => {
  it('labels options with sequenceRemark and sequenceCode', async () => {
    expect(billRuleLabel({ id: '1', sequenceRemark: '工单编号', sequenceCode: 'WO' })).toBe('工单编号 (WO)');
    const onChange = vi.fn();
    renderApp(
      <BillRuleSelect
        load={async () => [{ id: '7', sequenceRemark: '工单编号', sequenceCode: 'WO' }]}
        onChange={onChange}
      />,
    );
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('工单编号 (WO)'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('7', expect.objectContaining({ sequenceCode: 'WO' })));
  });
});
