import type { LcColumnData, LcFormConf } from '@swp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../components/testing/render';
import { itKeepsZhAndEnInStep } from '../../../test/strings';
import * as i18n from '../i18n';
import { defaultColumnData, parseColumnData } from '../modules/listDesign';
import { cellOf, searchQueryJson } from './cells';

const FORM: LcFormConf = {
  fields: [
    { __config__: { jnpfKey: 'input', label: '项目名称', required: true, formId: 1 }, __vModel__: 'name' },
    {
      __config__: { jnpfKey: 'select', label: '类别', formId: 2, dataType: 'static' },
      __vModel__: 'kind',
      options: [
        { id: 'a', fullName: '管网' },
        { id: 'b', fullName: '泵站' },
      ],
    },
    { __config__: { jnpfKey: 'switch', label: '启用', formId: 3 }, __vModel__: 'on' },
    {
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        formId: 4,
        children: [{ __config__: { jnpfKey: 'inputNumber', label: '金额', formId: 5 }, __vModel__: 'amount' }],
      },
      __vModel__: 'items',
    },
  ],
};
const COLUMNS: LcColumnData = {
  columnList: [
    { prop: 'name', label: '项目名称' },
    { prop: 'kind', label: '类别' },
    { prop: 'on', label: '启用' },
  ],
  searchList: [{ prop: 'name', label: '项目名称', jnpfKey: 'input' }],
  btnsList: [{ value: 'add' }, { value: 'batchRemove' }, { value: 'export' }, { value: 'upload' }],
  columnBtnsList: [{ value: 'edit' }, { value: 'remove' }],
};

const store = vi.hoisted(() => ({
  rows: [] as Record<string, unknown>[],
  calls: [] as { op: string; args: unknown[] }[],
}));

vi.mock('../../../api/lowcode', async (orig) => {
  const real = await orig<typeof import('../../../api/lowcode')>();
  return {
    ...real,
    onlineDevApi: {
      config: async () => ({
        id: '9',
        fullName: '巡检',
        enCode: 'x',
        formData: JSON.stringify(FORM),
        columnData: JSON.stringify(COLUMNS),
      }),
      list: async (_m: string, q: Record<string, unknown>) => {
        store.calls.push({ op: 'list', args: [q] });
        const filter = q.queryJson ? JSON.parse(String(q.queryJson)) : {};
        const list = store.rows.filter((r) => !filter.name || String(r.name).includes(filter.name));
        return { list, pagination: { currentPage: 1, pageSize: 20, total: list.length } };
      },
      get: async (_m: string, id: string) => store.rows.find((r) => r.id === id) ?? null,
      create: async (_m: string, v: Record<string, unknown>) => {
        store.calls.push({ op: 'create', args: [v] });
        store.rows.push({ ...v, id: String(store.rows.length + 1) });
        return { id: String(store.rows.length) };
      },
      update: async () => null,
      delete: async (_m: string, id: string) => {
        store.rows = store.rows.filter((r) => r.id !== id);
      },
      batchDelete: async (_m: string, ids: string[]) => {
        store.rows = store.rows.filter((r) => !ids.includes(String(r.id)));
      },
      exportData: async () => ({ blob: new Blob(['x']), fileName: 'a.xlsx' }),
      template: async () => ({ blob: new Blob(['x']), fileName: 't.xlsx' }),
      importData: async () => ({
        code: 200,
        success: true,
        msg: '导入完成: 成功 1 条, 失败 1 条',
        data: { total: 2, success: 1, failed: 1, errors: [{ row: 3, field: 'name', message: '请输入项目名称' }] },
      }),
    },
  };
});

const { default: DynamicPage } = await import('./DynamicPage');

function open() {
  return renderApp(
    <MemoryRouter initialEntries={['/dynamic/index?id=9']}>
      <DynamicPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  store.rows = [
    { id: '1', name: '管线巡检', kind: 'a', on: 1, items: [] },
    { id: '2', name: '泵房巡检', kind: 'b', on: 0, items: [] },
  ];
  store.calls = [];
});

describe('list design and cells', () => {
  it('starts a list from the form: listable columns, two search fields, every button', () => {
    const c = defaultColumnData(FORM);
    expect(c.columnList.map((x) => x.prop)).toEqual(['name', 'kind', 'on']);
    expect(c.searchList.map((x) => x.prop)).toEqual(['name', 'kind']);
    expect(c.btnsList.map((b) => b.value)).toContain('upload');
    // columns of fields that no longer exist are dropped
    expect(parseColumnData(JSON.stringify({ columnList: [{ prop: 'gone', label: 'x' }] }), FORM).columnList).toEqual(
      [],
    );
  });

  it('shows option labels, yes/no and lists; search drops empty values', () => {
    const t = (k: string) => (k === 'crud.yes' ? '是' : k === 'crud.no' ? '否' : k);
    expect(cellOf(FORM.fields[1], 'b', t)).toBe('泵站');
    expect(cellOf(FORM.fields[2], 1, t)).toBe('是');
    expect(cellOf(FORM.fields[2], 0, t)).toBe('否');
    expect(cellOf(undefined, ['a', 'b'], t)).toBe('a, b');
    expect(searchQueryJson(FORM.fields, { name: ' 泵 ', kind: '', on: undefined })).toEqual({ name: '泵' });
  });

  itKeepsZhAndEnInStep(i18n, 'keeps zh and en strings in step');
});

describe('DynamicPage', { timeout: 60_000 }, () => {
  it('lists the records with labels, searches, adds through the form, deletes, and reports import errors', async () => {
    open();
    const page = await screen.findByTestId('dynamic-page');
    expect(await within(page).findByText('管线巡检')).toBeInTheDocument();
    expect(within(page).getByText('泵站')).toBeInTheDocument();
    expect(within(page).getAllByText('否').length).toBeGreaterThan(0);

    // search sends queryJson
    fireEvent.change(within(screen.getByTestId('dynamic-search')).getByLabelText('项目名称'), {
      target: { value: '泵房' },
    });
    fireEvent.click(within(screen.getByTestId('dynamic-search')).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(within(page).queryByText('管线巡检')).not.toBeInTheDocument());
    expect(store.calls.at(-1)!.args[0]).toMatchObject({ queryJson: JSON.stringify({ name: '泵房' }) });
    fireEvent.click(within(screen.getByTestId('dynamic-search')).getByRole('button', { name: /重\s*置/ }));
    expect(await within(page).findByText('管线巡检')).toBeInTheDocument();

    // add: the required rule of the form stops an empty save
    fireEvent.click(within(page).getByRole('button', { name: /新\s*增/ }));
    const form = await screen.findByTestId('record-form');
    fireEvent.click(screen.getByTestId('record-save'));
    expect(await screen.findAllByText('请输入项目名称')).not.toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('项目名称'), { target: { value: '阀门巡检' } });
    fireEvent.click(screen.getByTestId('record-save'));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(store.calls.find((c) => c.op === 'create')!.args[0]).toMatchObject({ name: '阀门巡检', on: 0, items: [] });
    expect(await within(page).findByText('阀门巡检')).toBeInTheDocument();

    // batch delete with nothing selected warns
    fireEvent.click(within(page).getByRole('button', { name: /批量删除/ }));
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();

    // delete one row after the confirmation
    const row = within(page).getByText('管线巡检').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const confirm = (await screen.findByText('确定将选择数据删除?')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(page).queryByText('管线巡检')).not.toBeInTheDocument());

    // import: the row-by-row report
    const input = page.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.xlsx')] } });
    expect(await screen.findByTestId('import-summary')).toHaveTextContent('共 2 行, 成功 1 行, 失败 1 行');
    expect(screen.getByText('请输入项目名称', { selector: 'td' })).toBeInTheDocument();
  });
});
