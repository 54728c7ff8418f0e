import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { memoryApi, renderApp } from '../testing/render';
import { CrudPage } from './CrudPage';
import { calcFormula, cellText, fromFormValue, toFormValue } from './fields';
import type { CrudColumn } from './types';

type Price = { id: string; name: string; base: number | string; fee: number | string; total?: number };

const columns: CrudColumn<Price>[] = [
  { prop: 'name', label: '名称', required: '请输入名称' },
  { prop: 'base', label: '基本价', type: 'amount', required: '请输入基本价' },
  { prop: 'fee', label: '附加费', type: 'amount', required: '请输入附加费' },
  { prop: 'total', label: '合计', type: 'calc', formula: 'base + fee', chinese: true },
];

const t = (k: string) => k;

describe('amount and calc columns: conversions', () => {
  it('shows two decimals in the table (or the column precision)', () => {
    expect(cellText(columns[1], 2.3, undefined, t)).toBe('2.30');
    expect(cellText(columns[3], '3.456', undefined, t)).toBe('3.46');
    expect(cellText({ ...columns[1], precision: 4 }, 1, undefined, t)).toBe('1.0000');
    expect(cellText(columns[1], null, undefined, t)).toBe('');
    expect(cellText(columns[1], 'n/a', undefined, t)).toBe('n/a');
  });

  it('reads numeric strings of the wire as numbers, and sends numbers', () => {
    expect(toFormValue(columns[1], '2.30')).toBe(2.3);
    expect(toFormValue(columns[3], 4)).toBe(4);
    expect(toFormValue(columns[1], '')).toBeUndefined();
    expect(toFormValue(columns[1], null)).toBeUndefined();
    expect(fromFormValue(columns[1], 2.3)).toBe(2.3);
    expect(fromFormValue(columns[1], null)).toBeNull();
  });

  it('turns bare field names of a formula into references', () => {
    expect(calcFormula('basePrice + sewageFee + resourceFee')).toBe('{basePrice} + {sewageFee} + {resourceFee}');
    expect(calcFormula('({a} + b) × 2 ÷ c_1')).toBe('({a} + {b}) × 2 ÷ {c_1}');
  });
});

describe('amount and calc columns in a CrudPage', { timeout: 60_000 }, () => {
  it('computes the calc field from the amounts (with capitals), keeps it in the form, and shows 2 decimals', async () => {
    const api = memoryApi<Price>([{ id: '1', name: 'row1', base: '1.5', fee: 0.25, total: 1.75 }]);
    renderApp(<CrudPage api={api} columns={columns} title="价格" />);
    // the table shows amounts and the calculated value with two decimals
    expect(await screen.findByText('1.50')).toBeInTheDocument();
    expect(screen.getByText('0.25')).toBeInTheDocument();
    expect(screen.getByText('1.75')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    const total = within(dialog).getByLabelText('合计');
    expect(total).toHaveAttribute('readonly');
    await userEvent.type(within(dialog).getByLabelText('名称'), 'N');
    await userEvent.type(within(dialog).getByLabelText('基本价'), '2.3');
    await userEvent.type(within(dialog).getByLabelText('附加费'), '1.15');
    // each amount shows its capitals at once; the total follows 500 ms after the last change
    const capitals = within(dialog).getAllByTestId('amount-chinese');
    expect(capitals[0]).toHaveTextContent('贰元叁角');
    expect(capitals[1]).toHaveTextContent('壹元壹角伍分');
    await waitFor(() => expect(total).toHaveValue('3.45'));
    expect(within(dialog).getByTestId('calc-field-chinese')).toHaveTextContent('叁元肆角伍分');

    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(api.calls.submit[0]).toEqual({ name: 'N', base: 2.3, fee: 1.15, total: 3.45 });
  });

  it('recomputes from the loaded row when editing, and is read-only in view', async () => {
    const api = memoryApi<Price>([{ id: '1', name: 'row1', base: '1.5', fee: 0.25, total: 99 }]);
    renderApp(<CrudPage api={api} columns={columns} />);
    await screen.findByText('row1');
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('基本价')).toHaveValue('1.50'));
    await waitFor(() => expect(within(dialog).getByLabelText('合计')).toHaveValue('1.75'));
    const fee = within(dialog).getByLabelText('附加费');
    await userEvent.clear(fee);
    await userEvent.type(fee, '1');
    await waitFor(() => expect(within(dialog).getByLabelText('合计')).toHaveValue('2.50'));
    expect(within(dialog).getByTestId('calc-field-chinese')).toHaveTextContent(/^贰元伍角$/);
    // an emptied amount counts as 0
    await userEvent.clear(fee);
    await waitFor(() => expect(within(dialog).getByLabelText('合计')).toHaveValue('1.50'));
    await userEvent.type(fee, '1');
    await waitFor(() => expect(within(dialog).getByLabelText('合计')).toHaveValue('2.50'));
    fireEvent.click(within(dialog).getByRole('button', { name: /修\s*改/ }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(api.calls.submit[0]).toMatchObject({ id: '1', base: 1.5, fee: 1, total: 2.5 });

    fireEvent.click(screen.getByRole('button', { name: /查\s*看/ }));
    await waitFor(() => {
      const d = screen.getAllByRole('dialog').at(-1)!;
      expect(within(d).getByLabelText('基本价')).toBeDisabled();
      expect(within(d).getByLabelText('合计')).toHaveValue('2.50');
    });
  });
});
