/**
 * What a list costs on open (issue 24 item 10): how often its cells are drawn and which requests it sends.
 * Cell renders are counted with a column renderer; antd draws every cell again whenever CrudPage renders the table.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryApi, renderApp } from '../testing/render';
import { CrudPage } from './CrudPage';
import { clearDictCache, loadDict } from './fields';
import type { CrudColumn } from './types';

type Row = { id: string; name: string; status: number };
const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: String(i + 1), name: `n${i + 1}`, status: 1 }));

const dictCalls: string[] = [];
beforeEach(() => {
  dictCalls.length = 0;
  clearDictCache();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      dictCalls.push(url.searchParams.get('code') ?? '');
      return new Response(
        JSON.stringify({
          code: 200,
          success: true,
          msg: '',
          data: [
            { id: '1', dictKey: '1', dictValue: '正常' },
            { id: '2', dictKey: '0', dictValue: '停用' },
          ],
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function counted() {
  const drawn = { n1: 0 };
  const columns: CrudColumn<Row>[] = [
    {
      prop: 'name',
      label: '名称',
      render: (v) => {
        if (v === 'n1') drawn.n1++;
        return String(v);
      },
    },
    { prop: 'status', label: '状态', type: 'select', dict: 'user_status', numeric: true },
  ];
  return { drawn, columns };
}

describe('CrudPage on open', { timeout: 30_000 }, () => {
  it('draws a row once when its dictionary was read before (labels in the first drawing, no request)', async () => {
    await loadDict('user_status');
    expect(dictCalls).toEqual(['user_status']);
    const { drawn, columns } = counted();
    renderApp(<CrudPage api={memoryApi(rows(3))} columns={columns} />);
    expect(await screen.findByText('n1')).toBeInTheDocument();
    // the label is there with the row, not one render later
    expect(screen.getAllByText('正常')).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 100));
    expect(drawn.n1).toBe(1);
    expect(dictCalls).toEqual(['user_status']);
  });

  it('reads a dictionary once per open and draws the rows again once for all of its columns', async () => {
    const { drawn, columns } = counted();
    const both: CrudColumn<Row>[] = [
      ...columns,
      { prop: 'status2', label: '状态2', type: 'select', dict: 'yes_no', numeric: true },
    ];
    renderApp(<CrudPage api={memoryApi(rows(3))} columns={both} />);
    expect(await screen.findByText('n1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('正常')).toHaveLength(3));
    await new Promise((r) => setTimeout(r, 100));
    expect([...dictCalls].sort()).toEqual(['user_status', 'yes_no']);
    // the rows, then the labels of both dictionaries in one update (at most two drawings, never one per dictionary)
    expect(drawn.n1).toBeLessThanOrEqual(2);
  });

  it('row buttons act on the current state after the table was memoised (edit opens the row)', async () => {
    const api = memoryApi(rows(2));
    const { columns } = counted();
    renderApp(<CrudPage api={api} columns={columns} />);
    expect(await screen.findByText('n1')).toBeInTheDocument();
    // a re-render of the page (selection) keeps the same columns; the buttons still open the right row
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    fireEvent.click(screen.getAllByRole('button', { name: /编\s*辑/ })[1]);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.querySelector('input[id$="name"]')).toHaveValue('n2'));
  });

  it('makes the columns of a factory with the translation function, not again on a re-render', async () => {
    const made = vi.fn((t: (k: string) => string): CrudColumn<Row>[] => [{ prop: 'name', label: t('crud.add') }]);
    renderApp(<CrudPage api={memoryApi(rows(2))} columns={made} />);
    expect(await screen.findByText('n1')).toBeInTheDocument();
    expect(made.mock.calls[0][0]('crud.add')).toBe('新增');
    const calls = made.mock.calls.length;
    // a re-render of the page (selection) keeps the columns made
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    await screen.findByText('n2');
    expect(made).toHaveBeenCalledTimes(calls);
  });
});
