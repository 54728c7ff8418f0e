import { describe, expect, it } from 'vitest';
import {
  callParams,
  detectParams,
  interfaceBody,
  interfaceForm,
  paramsOf,
  paramsProblem,
  parseStatic,
  withDetected,
} from './interfaces';

describe('SQL parameters', () => {
  it('finds @names in order, once, outside literals and comments', () => {
    const sql = `select '@no', "@col" from t -- @nope
      where a = @a and b = @b_2 /* @skip */ and c = @a`;
    expect(detectParams(sql)).toEqual(['a', 'b_2']);
    expect(detectParams('select 1')).toEqual([]);
  });

  it('adds the undeclared ones as text parameters, keeping the declared', () => {
    const declared = [{ field: 'a', label: 'A', dataType: 'number' as const }];
    expect(withDetected(declared, 'select @a, @b')).toEqual([...declared, { field: 'b', dataType: 'string' }]);
  });

  it('reads parameters from JSON text or a list, normalising types and flags', () => {
    expect(
      paramsOf('[{"field":"category","label":"用水类别","dataType":"number","defaultValue":1,"required":true}]'),
    ).toEqual([{ field: 'category', label: '用水类别', dataType: 'number', defaultValue: 1, required: true }]);
    expect(paramsOf([{ field: 'd', dataType: 'datetime', required: 1 }, { nope: 1 }])).toEqual([
      { field: 'd', label: undefined, dataType: 'date', defaultValue: undefined, required: true },
    ]);
    expect(paramsOf('not json')).toEqual([]);
    expect(paramsOf(null)).toEqual([]);
  });

  it('names the first problem of a parameter list', () => {
    expect(paramsProblem([{ field: 'ok' }])).toBeUndefined();
    expect(paramsProblem([{ field: '1bad' }])).toBe('lowcode.di.paramFieldRule');
    expect(paramsProblem([{ field: '' }])).toBe('lowcode.di.paramFieldRule');
    expect(paramsProblem([{ field: 'a' }, { field: 'a' }])).toBe('lowcode.di.paramDuplicate');
  });

  it('calls with the given values, else the defaults, leaving empty ones out', () => {
    const params = [{ field: 'a', defaultValue: 1 }, { field: 'b' }, { field: 'c', defaultValue: 'x' }];
    expect(callParams(params, { a: 5, b: '', c: undefined })).toEqual({ a: 5, c: 'x' });
  });
});

describe('static data', () => {
  it('accepts a JSON array or object only', () => {
    expect(parseStatic('[{"id":"1"}]')).toEqual([{ id: '1' }]);
    expect(parseStatic('{"a":1}')).toEqual({ a: 1 });
    expect(parseStatic('3')).toBeUndefined();
    expect(parseStatic('[oops')).toBeUndefined();
    expect(parseStatic('  ')).toBeUndefined();
  });
});

describe('wire ↔ form', () => {
  it('opens static data pretty-printed and parameters as a list', () => {
    const f = interfaceForm({
      id: '9',
      dataType: 2,
      dbLinkId: null,
      query: null,
      staticData: '[{"id":"1","fullName":"水表故障"}]',
      parameterJson: '[]',
    });
    expect(f.staticData).toBe('[\n  {\n    "id": "1",\n    "fullName": "水表故障"\n  }\n]');
    expect(f).toMatchObject({ dataType: 2, dbLinkId: undefined, query: '', parameterJson: [] });
    expect(interfaceForm({ dataType: 1, dbLinkId: 0, parameterJson: '[{"field":"a"}]' })).toMatchObject({
      dbLinkId: '0',
      parameterJson: [{ field: 'a', dataType: 'string' }],
    });
  });

  it('sends only what the type uses', () => {
    const common = { fullName: ' 故障 ', enCode: ' faults ', category: '', enabledMark: true, rowLimit: 10 };
    expect(
      interfaceBody({
        ...common,
        dataType: 2,
        staticData: '[1]',
        query: 'select 1',
        dbLinkId: '0',
        parameterJson: [{ field: 'a' }],
      }),
    ).toEqual({
      fullName: '故障',
      enCode: 'faults',
      category: null,
      dataType: 2,
      rowLimit: 10,
      timeoutMs: undefined,
      enabledMark: 1,
      sortCode: undefined,
      description: null,
      dbLinkId: null,
      query: null,
      staticData: '[1]',
      parameterJson: [],
    });
    const sql = interfaceBody({
      ...common,
      enabledMark: false,
      dataType: 1,
      dbLinkId: '0',
      query: 'select @a',
      staticData: '[1]',
      parameterJson: [{ field: ' a ', label: '', defaultValue: '', required: undefined }],
    });
    expect(sql).toMatchObject({ dataType: 1, dbLinkId: '0', query: 'select @a', enabledMark: 0 });
    expect(sql.staticData).toBeUndefined();
    expect(sql.parameterJson).toEqual([{ field: 'a', dataType: 'string', required: false }]);
  });
});
