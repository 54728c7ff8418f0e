import { checkRecord, dataFields, LC_KEYS, normalizeForm, summaryOf } from '@swp/contract';
import { describe, expect, it } from 'vitest';
import { assertRecord, KNOWN_KEYS, parseForm } from './form-schema.ts';

const field = (jnpfKey: string, vModel: string | undefined, cfg: Record<string, unknown> = {}, extra = {}) => ({
  __config__: { jnpfKey, label: vModel ?? jnpfKey, ...cfg },
  ...(vModel ? { __vModel__: vModel } : {}),
  ...extra,
});

/** One field of every key (layout keys hold one input each). */
function everyKeyForm() {
  const fields: any[] = [];
  for (const key of Object.values(LC_KEYS).flat()) {
    if (['row', 'card', 'tab', 'collapse'].includes(key)) {
      fields.push(field(key, undefined, { children: [field('input', `in_${key}`)] }));
    } else if (['text', 'divider', 'groupTitle'].includes(key)) {
      fields.push(field(key, undefined));
    } else if (key === 'table') {
      fields.push(field('table', 'items', { children: [field('input', 'name'), field('inputNumber', 'qty')] }));
    } else {
      fields.push(field(key, `f_${key}`));
    }
  }
  return { fields };
}

describe('form schema', () => {
  it('accepts a form with every key group and lists its value fields, layout flattened', () => {
    const form = parseForm(everyKeyForm());
    const keys = dataFields(form).map((d) => d.key);
    for (const k of Object.values(LC_KEYS).flat()) {
      if (['row', 'card', 'tab', 'collapse', 'text', 'divider', 'groupTitle'].includes(k)) continue;
      expect(keys, k).toContain(k);
    }
    // the inputs inside the four containers are data fields too
    expect(dataFields(form).filter((d) => d.vModel.startsWith('in_'))).toHaveLength(4);
    expect(
      dataFields(form)
        .find((d) => d.key === 'table')!
        .children!.map((c) => c.vModel),
    ).toEqual(['name', 'qty']);
    for (const k of Object.values(LC_KEYS).flat()) expect(KNOWN_KEYS.has(k)).toBe(true);
  });

  it('aliases the Vue 2 keys on import, from JSON text too', () => {
    const form = parseForm(
      JSON.stringify({
        fields: [
          field('comInput', 'a'),
          field('numInput', 'b'),
          field('date', 'c'),
          field('uploadFz', 'd'),
          field('address', 'e'),
          field('comSelect', 'f'),
        ],
      }),
    );
    expect(form.fields.map((f) => f.__config__.jnpfKey)).toEqual([
      'input',
      'inputNumber',
      'datePicker',
      'uploadFile',
      'areaSelect',
      'organizeSelect',
    ]);
    expect(normalizeForm([field('comInput', 'x')]).fields[0].__config__.jnpfKey).toBe('input');
  });

  it('refuses unknown keys, bad or duplicate field names, bad patterns, empty sub-tables, dangling formulas', () => {
    expect(() => parseForm({ fields: [field('magic', 'a')] })).toThrow(/不支持的控件类型: magic/);
    expect(() => parseForm({ fields: [field('input', '1a')] })).toThrow(/字段名只能由字母/);
    expect(() => parseForm({ fields: [field('input', 'a'), field('textarea', 'a')] })).toThrow(/字段名重复: a/);
    expect(() => parseForm({ fields: [field('input', undefined)] })).toThrow(/缺少字段名/);
    expect(() => parseForm({ fields: [field('input', 'a', { regList: [{ pattern: '/(/', message: 'x' }] })] })).toThrow(
      /不是有效的正则表达式/,
    );
    expect(() => parseForm({ fields: [field('table', 't', { children: [] })] })).toThrow(/至少需要一列/);
    expect(() =>
      parseForm({ fields: [field('calculate', 'c', {}, { expression: [{ __vModel__: 'nope' }, '+', '1'] })] }),
    ).toThrow(/引用了不存在的字段: nope/);
    expect(() => parseForm('{not json')).toThrow(/不是有效的 JSON/);
    // the same name in a sub-table and in the main form is fine
    expect(() =>
      parseForm({ fields: [field('input', 'name'), field('table', 't', { children: [field('input', 'name')] })] }),
    ).not.toThrow();
  });
});

describe('record rules', () => {
  const form = parseForm({
    fields: [
      field('input', 'name', { label: '姓名', required: true }, { maxlength: 4 }),
      field('input', 'phone', {
        label: '手机',
        regList: [{ pattern: '/^1[3-9]\\d{9}$/', message: '手机号码格式不正确' }],
      }),
      field('inputNumber', 'age', { label: '年龄' }, { min: 0, max: 150, precision: 0 }),
      field('select', 'kind', { label: '类别', required: true }, { options: [{ id: 'a' }, { id: 'b' }] }),
      field('checkbox', 'tags', { label: '标签' }, { options: [{ id: 1 }, { id: 2 }] }),
      field('datePicker', 'day', { label: '日期' }),
      field('timePicker', 'at', { label: '时间' }),
      field('switch', 'on', { label: '开关' }),
      field('colorPicker', 'color', { label: '颜色' }),
      field('uploadImg', 'pics', { label: '照片' }, { limit: 2 }),
      field('userSelect', 'who', { label: '人员' }, { ableIds: ['1', '2'] }),
      field('createTime', 'ct', { label: '创建时间', required: true }),
      field('row', undefined, { children: [field('textarea', 'memo', { label: '备注', required: true })] }),
      field('table', 'items', { label: '明细', required: true }, {}),
    ].map((f: any) =>
      f.__vModel__ === 'items'
        ? {
            ...f,
            __config__: {
              ...f.__config__,
              children: [
                field('input', 'part', { label: '配件', required: true }),
                field('inputNumber', 'qty', { label: '数量' }, { min: 1 }),
              ],
            },
          }
        : f,
    ),
  });
  const good = {
    name: '张三',
    phone: '13800138000',
    age: 30,
    kind: 'a',
    tags: [1, 2],
    day: '2026-05-01',
    at: '08:30',
    on: 1,
    color: '#ff0000',
    pics: [{ name: 'a.png', url: '/f/a.png' }],
    who: '1',
    memo: '无',
    items: [{ part: '水表', qty: 2 }],
  };

  it('passes a valid record (system fields are the server’s business)', () => {
    expect(checkRecord(form, good)).toEqual([]);
    expect(() => assertRecord(form, good)).not.toThrow();
  });

  it.each([
    [{ name: '' }, '请输入姓名'],
    [{ name: '张三李四王' }, '姓名不能超过4个字符'],
    [{ phone: '12345' }, '手机号码格式不正确'],
    [{ age: -1 }, '年龄不能小于0'],
    [{ age: 151 }, '年龄不能大于150'],
    [{ age: 1.5 }, '年龄必须是整数'],
    [{ age: 'abc' }, '年龄必须是数字'],
    [{ kind: undefined }, '请选择类别'],
    [{ kind: 'z' }, '类别的选项无效: z'],
    [{ tags: [3] }, '标签的选项无效: 3'],
    [{ tags: 1 }, '标签必须是多个选项的列表'],
    [{ day: '2026-13-45x' }, '日期不是有效的日期'],
    [{ at: '8点' }, '时间不是有效的时间'],
    [{ on: 5 }, '开关只能是 0 或 1'],
    [{ color: 'red;' }, '颜色不是有效的颜色'],
    [{ pics: [{ url: 'a' }, { url: 'b' }, { url: 'c' }] }, '当前限制最多可以上传2个文件'],
    [{ who: '9' }, '人员不在可选范围内: 9'],
    [{ memo: '' }, '请输入备注'],
    [{ items: [] }, '请至少填写一行明细'],
    [{ items: [{ part: '', qty: 1 }] }, '明细第1行: 请输入配件'],
    [
      {
        items: [
          { part: 'a', qty: 1 },
          { part: 'b', qty: 0 },
        ],
      },
      '明细第2行: 数量不能小于1',
    ],
  ])('refuses %j with “%s”', (over, msg) => {
    const errors = checkRecord(form, { ...good, ...over });
    expect(errors.map((e) => e.message)).toContain(msg);
    expect(() => assertRecord(form, { ...good, ...over })).toThrow(msg);
  });

  it('sums the summary fields of a sub-table', () => {
    expect(summaryOf([{ q: 1.1 }, { q: '2.2' }, { q: 'x' }], ['q'])).toEqual({ q: 3.3 });
  });
});
