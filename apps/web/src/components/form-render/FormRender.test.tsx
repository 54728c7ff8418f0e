import type { LcField, LcFormConf } from '@swp/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { okReply } from '../../test/server';
import { renderApp } from '../testing/render';
import { inputTableColumns } from './controls';
import { type FormProblems, FormRender, type FormRenderHandle } from './FormRender';
import {
  calcInputs,
  dayjsFormat,
  defaultOf,
  expressionTokens,
  initialValues,
  normaliseConf,
  staticOptions,
  valueFields,
} from './schema';
import { scriptOf } from './script';

const f = (
  jnpfKey: string,
  vModel: string | undefined,
  extra: Partial<LcField> = {},
  cfg: Record<string, unknown> = {},
) =>
  ({
    __config__: { jnpfKey, label: vModel ? `L_${vModel}` : jnpfKey, span: 24, ...cfg },
    ...(vModel ? { __vModel__: vModel } : {}),
    ...extra,
  }) as LcField;

const OPTIONS = [
  { id: 'a', fullName: '甲' },
  { id: 'b', fullName: '乙' },
];

/** One field of every key of lowcode.md, inside every layout container. */
const CONF: LcFormConf = {
  labelWidth: 100,
  fields: [
    f('groupTitle', undefined, { content: '基本信息' }),
    f(
      'input',
      'name',
      { maxlength: 10 },
      { required: true, regList: [{ pattern: '/^[A-Z]/', message: '名称须大写开头' }] },
    ),
    f('textarea', 'memo'),
    f('inputNumber', 'price', { min: 0, max: 1000, precision: 2 }, { required: true }),
    f('inputNumber', 'qty', { min: 1 }),
    f('calculate', 'total', {
      expression: [{ __vModel__: 'price' }, '*', { __vModel__: 'qty' }, '+', { field: 'items.amount' }],
      precision: 2,
      isAmountChinese: true,
    }),
    f('switch', 'active'),
    f('rate', 'stars'),
    f('slider', 'level'),
    f('colorPicker', 'colour'),
    f('editor', 'body'),
    f('divider', undefined, { content: '选择' }),
    f('radio', 'kind', { options: OPTIONS }),
    f('checkbox', 'tags', { options: OPTIONS }),
    f('select', 'grade', { options: OPTIONS }, { required: true }),
    f('cascader', 'path', { options: [{ id: 'x', fullName: '省', children: [{ id: 'y', fullName: '市' }] }] }),
    f('treeSelect', 'node', { options: OPTIONS }),
    f(
      'row',
      undefined,
      {},
      {
        children: [
          f('datePicker', 'day', { format: 'yyyy-MM-dd' }, { span: 12, defaultValue: 'now' }),
          f('timePicker', 'at', {}, { span: 12 }),
        ],
      },
    ),
    f(
      'card',
      undefined,
      { header: '附件' },
      {
        children: [f('uploadFile', 'files', { limit: 2 }), f('uploadImg', 'photos', { limit: 1 })],
      },
    ),
    f(
      'tab',
      undefined,
      {},
      {
        children: [
          {
            title: '组织',
            name: 'o',
            __config__: { jnpfKey: 'tabItem', children: [f('organizeSelect', 'org'), f('depSelect', 'dep')] },
          } as LcField,
          {
            title: '人员',
            name: 'p',
            __config__: {
              jnpfKey: 'tabItem',
              children: [f('posSelect', 'pos'), f('userSelect', 'user'), f('roleSelect', 'role')],
            },
          } as LcField,
        ],
      },
    ),
    f(
      'collapse',
      undefined,
      {},
      {
        children: [
          {
            title: '关联',
            name: 'r',
            __config__: {
              jnpfKey: 'collapseItem',
              children: [
                f('areaSelect', 'area'),
                f('relationForm', 'rel', { modelId: '9', relationField: 'name' }),
                f('popupSelect', 'pop', { interfaceId: '7' }),
                f('billRule', 'billNo', { rule: 'order' }),
              ],
            },
          } as LcField,
        ],
      },
    ),
    f(
      'table',
      'items',
      {},
      {
        showSummary: true,
        children: [
          f('input', 'item', {}, { required: true }),
          f('inputNumber', 'amount'),
          f('calculate', 'double', { expression: [{ __vModel__: 'items.amount' }, '*', 2] }),
        ],
      },
    ),
    f('text', undefined, { content: '说明文字' }),
    f('createUser', 'creator'),
    f('createTime', 'created'),
    f('modifyUser', 'modifier'),
    f('modifyTime', 'modified'),
    f('currOrganize', 'myOrg'),
    f('currPosition', 'myPos'),
  ],
};

const ok = okReply;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).includes('DataInterface/7')) return ok([{ id: 'P1', fullName: '泵站一' }]);
      return ok([]);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('form schema helpers', () => {
  it('aliases the Vue 2 keys on import and reads JSON text or a bare field list', () => {
    const conf = normaliseConf(
      JSON.stringify({ fields: [f('comInput', 'a'), f('numInput', 'b'), f('date', 'c'), f('uploadFz', 'd')] }),
    );
    expect(conf.fields.map((x) => x.__config__.jnpfKey)).toEqual(['input', 'inputNumber', 'datePicker', 'uploadFile']);
    expect(normaliseConf([f('address', 'x')]).fields[0].__config__.jnpfKey).toBe('areaSelect');
    expect(normaliseConf('not json').fields).toEqual([]);
  });

  it('lists the value fields inside every container, sub-tables as one field', () => {
    const names = valueFields(normaliseConf(CONF).fields).map((x) => x.__vModel__);
    expect(names).toContain('day');
    expect(names).toContain('files');
    expect(names).toContain('role');
    expect(names).toContain('billNo');
    expect(names).toContain('items');
    expect(names).not.toContain('item');
    expect(names).toHaveLength(35);
  });

  it('starts a record from the defaults (now for a date, [] for lists and sub-tables, 0 for a switch)', () => {
    const v = initialValues(normaliseConf(CONF), new Date(2026, 0, 2, 3, 4, 5));
    expect(v.day).toBe('2026-01-02');
    expect(v.items).toEqual([]);
    expect(v.tags).toEqual([]);
    expect(v.active).toBe(0);
    const stamp = new Date(2026, 0, 2, 3, 40).getTime();
    expect(defaultOf(f('datePicker', 'x', { format: 'yyyy-MM-dd HH:mm:ss' }, { defaultValue: stamp }))).toBe(
      '2026-01-02 03:40:00',
    );
    expect(dayjsFormat(f('timePicker', 't'))).toBe('HH:mm:ss');
  });

  it('reads options as JNPF id/fullName or through props', () => {
    expect(staticOptions(f('select', 's', { options: OPTIONS }))).toEqual([
      { label: '甲', value: 'a' },
      { label: '乙', value: 'b' },
    ]);
    expect(
      staticOptions(f('select', 's', { options: [{ code: 1, name: 'one' }], props: { label: 'name', value: 'code' } })),
    ).toEqual([{ label: 'one', value: 1 }]);
  });

  it('turns a calculated expression into formula tokens and totals sub-table columns as table.field', () => {
    const calc = CONF.fields.find((x) => x.__vModel__ === 'total')!;
    expect(expressionTokens(calc)).toEqual([{ field: 'price' }, '*', { field: 'qty' }, '+', { field: 'items.amount' }]);
    const inputs = calcInputs(normaliseConf(CONF), { items: [{ amount: 1.1 }, { amount: 2.2 }, { amount: '' }] });
    expect(inputs['items.amount']).toBe(3.3);
    // inside the row, a formula reads the row's own cells
    const cols = inputTableColumns(CONF.fields.find((x) => x.__vModel__ === 'items')!);
    expect(cols.map((c) => c.jnpfKey)).toEqual(['comInput', 'numInput', 'calculate']);
    expect(cols[2].formula).toEqual([{ field: 'amount' }, '*', '2']);
  });

  it('builds a script from JNPF funcs (onLoad is beforeMount) unless the form has its own', () => {
    expect(scriptOf({ funcs: { onLoad: '(data) => { data.a = 1 }' } })).toContain(
      'beforeMount: (data) => { data.a = 1 }',
    );
    expect(scriptOf({ script: '({ afterSubmit() {} })', funcs: { onLoad: 'x' } })).toBe('({ afterSubmit() {} })');
    expect(scriptOf({})).toBeUndefined();
  });
});

describe('FormRender', { timeout: 60_000 }, () => {
  it('renders every key group with its label, the layout containers and the system fields', async () => {
    renderApp(<FormRender conf={CONF} />);
    for (const label of [
      'L_name',
      'L_price',
      'L_total',
      'L_kind',
      'L_day',
      'L_files',
      'L_org',
      'L_role',
      'L_area',
      'L_rel',
      'L_pop',
      'L_billNo',
      'L_items',
      'L_creator',
      'L_myPos',
    ])
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    expect(screen.getByText('基本信息')).toBeInTheDocument();
    expect(screen.getByText('附件')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '组织' })).toBeInTheDocument();
    expect(screen.getByText('关联')).toBeInTheDocument();
    expect(screen.getByText('说明文字')).toBeInTheDocument();
    // system fields and the bill number are filled by the server
    expect(screen.getAllByPlaceholderText('系统自动生成').length).toBe(7);
  });

  it('validates with the contract rules: required, pattern, sub-table cells; then resolves with the values', async () => {
    const ref = createRef<FormRenderHandle>();
    let latest: Record<string, unknown> = {};
    renderApp(<FormRender conf={CONF} handleRef={ref} onChange={(v) => (latest = v)} />);
    let problems: string[] = [];
    await act(async () => {
      await ref.current!.validate().catch((e: FormProblems) => (problems = e.problems.map((p) => p.message)));
    });
    expect(problems).toEqual(expect.arrayContaining(['请输入L_name', '请输入L_price', '请选择L_grade']));
    expect(await screen.findByText('请输入L_name')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('L_name'), { target: { value: 'abc' } });
    expect(await screen.findByText('名称须大写开头')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('L_name'), { target: { value: 'Abc' } });
    await waitFor(() => expect(screen.queryByText('名称须大写开头')).not.toBeInTheDocument());
    expect(latest.name).toBe('Abc');

    act(() => ref.current!.setValues({ price: 2.5, qty: 4, grade: 'a', items: [{ item: '', amount: 3 }] }));
    await act(async () => {
      await ref.current!.validate().catch((e: FormProblems) => (problems = e.problems.map((p) => p.message)));
    });
    expect(problems).toEqual(['L_items第1行: 请输入L_item']);
    act(() => ref.current!.setValues({ items: [{ item: '水表', amount: 3 }] }));
    let values: Record<string, unknown> = {};
    await act(async () => {
      values = await ref.current!.validate();
    });
    expect(values).toMatchObject({ name: 'Abc', price: 2.5, grade: 'a', items: [{ item: '水表', amount: 3 }] });
  });

  it('computes the calculated field 500 ms after a change, with the sub-table total and Chinese capitals', async () => {
    const ref = createRef<FormRenderHandle>();
    renderApp(
      <FormRender conf={CONF} handleRef={ref} value={{ price: 2, qty: 3, items: [{ item: 'a', amount: 1.5 }] }} />,
    );
    await waitFor(() => expect(screen.getByLabelText('L_total')).toHaveValue('7.50'), { timeout: 3000 });
    expect(screen.getByTestId('calc-field-chinese')).toHaveTextContent('柒元伍角');
    await waitFor(() => expect(ref.current!.values().total).toBe(7.5));
    // the sub-table shows its 合计 row and the row formula
    const table = screen.getByTestId('form-table-items');
    expect(within(table).getByTestId('input-table-summary')).toHaveTextContent('合计');
    // a row formula computes as the row changes; the main total follows the column sum
    fireEvent.change(within(table).getByRole('spinbutton'), { target: { value: '4' } });
    expect(await within(table).findByDisplayValue('8')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('L_total')).toHaveValue('10.00'), { timeout: 3000 });
  });

  it('shows a loaded record in view mode with every control disabled', async () => {
    renderApp(<FormRender conf={CONF} value={{ name: 'Pump', creator: '管理员', kind: 'b' }} disabled />);
    expect(screen.getByLabelText('L_name')).toBeDisabled();
    expect(screen.getByLabelText('L_name')).toHaveValue('Pump');
    expect(screen.getByDisplayValue('管理员')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '乙' })).toBeChecked();
  });

  it('a phone-width layout puts every field on its own line with labels on top', () => {
    const { container } = renderApp(<FormRender conf={CONF} compact />);
    expect(container.querySelector('.ant-form-vertical')).not.toBeNull();
    expect(container.querySelectorAll('.ant-col-12').length).toBe(0);
  });

  it('hides noShow fields but keeps their values', async () => {
    const ref = createRef<FormRenderHandle>();
    const conf = { fields: [f('input', 'secret', {}, { noShow: true, defaultValue: 'x' }), f('input', 'shown')] };
    renderApp(<FormRender conf={conf} handleRef={ref} />);
    expect(screen.getByText('L_secret')).not.toBeVisible();
    expect(screen.getByText('L_shown')).toBeVisible();
    await waitFor(() => expect(ref.current!.values().secret).toBe('x'));
  });
});
