import { and } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { param, user } from '../modules/system/schema.ts';
import { compileFilters, compileSort, pageOf, parseIds, parsePaging } from './query.ts';

const dialect = new PgDialect();
const render = (conds: ReturnType<typeof compileFilters>) => dialect.sqlToQuery(and(...conds)!);

describe('BladeX filters', () => {
  it('plain text keys mean contains (escaped), numbers and ids mean equals', () => {
    const q = render(compileFilters(param, { paramName: '50%_off', status: '1', id: '123' }));
    expect(q.sql).toContain('"param_name" ilike $1');
    expect(q.params).toEqual(['%50\\%\\_off%', 1, '123']);
    expect(q.sql).toContain('"status" = $2');
    expect(q.sql).toContain('"id" = $3');
  });

  it('maps every suffix to its operator', () => {
    const q = render(
      compileFilters(param, {
        paramKey_likeleft: 'a',
        paramKey_likeright: 'b',
        paramKey_notlike: 'c',
        paramKey_notequal: 'd',
        status_ge: '1',
        status_lt: '9',
        createTime_dategt: '2026-01-01',
        createTime_datelt: '2026-02-01 12:00:00',
        remark_null: '',
        paramValue_notnull: '1',
        paramName_ignore: 'x',
      }),
    );
    expect(q.sql).toMatch(/"param_key" ilike \$1/);
    expect(q.params[0]).toBe('%a');
    expect(q.params[1]).toBe('b%');
    expect(q.sql).toContain('not "blade_param"."param_key" ilike');
    expect(q.sql).toContain('"param_key" <> $4');
    expect(q.sql).toContain('"status" >= $5');
    expect(q.sql).toContain('"status" < $6');
    expect(q.sql).toContain('"create_time" > $7');
    expect(q.sql).toContain('"remark" is null');
    expect(q.sql).toContain('"param_value" is not null');
    expect(q.sql).not.toContain('ignore');
  });

  it('accepts snake_case names and drops empty plain values', () => {
    expect(compileFilters(param, { param_key: 'x', paramName: '' })).toHaveLength(1);
  });

  it('refuses unknown fields, hidden fields and bad values with a 400', () => {
    expect(() => compileFilters(param, { nope: 'x' })).toThrow('未知的查询字段: nope');
    expect(() => compileFilters(user, { password: 'x' }, { deny: new Set(['password']) })).toThrow('未知的查询字段');
    expect(() => compileFilters(param, { status: 'abc' })).toThrow('status 必须是数字');
    expect(() => compileFilters(param, { id: '1 or 1=1' })).toThrow('必须是数字编号');
    expect(() => compileFilters(param, { createTime_datege: '2026-13-45' })).toThrow('不是有效的时间');
  });

  it('sorts by known columns only', () => {
    const s = compileSort(param, { ascs: 'paramKey', descs: 'create_time' });
    expect(s).toHaveLength(2);
    expect(() => compileSort(param, { descs: 'x; drop table' })).toThrow('未知的排序字段');
  });
});

describe('paging and ids', () => {
  it('defaults to page 1 of 10 and caps the size', () => {
    expect(parsePaging({})).toEqual({ current: 1, size: 10, offset: 0 });
    expect(parsePaging({ current: '3', size: '20' })).toEqual({ current: 3, size: 20, offset: 40 });
    expect(parsePaging({ size: '1000' }).size).toBe(1000);
    expect(() => parsePaging({ size: '999999' })).toThrow('size 不能超过 1000');
    expect(() => parsePaging({ current: '0' })).toThrow();
    expect(pageOf([1, 2], 21, parsePaging({ size: '10' }))).toMatchObject({ total: 21, pages: 3 });
  });

  it('parses comma-joined ids and refuses junk', () => {
    expect(parseIds('1, 2,3')).toEqual(['1', '2', '3']);
    expect(() => parseIds('')).toThrow('缺少必要的请求参数: ids');
    expect(() => parseIds('1,x')).toThrow('无效的编号');
  });
});
