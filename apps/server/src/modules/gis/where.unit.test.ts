import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { layerByRef } from './layers.ts';
import { compileWhere, parseWhere, WhereError } from './where.ts';

const pipe = layerByRef('pipe')!;
const valve = layerByRef(2)!;
const dialect = new PgDialect();

function compile(where: string, layer = pipe) {
  const node = parseWhere(where, layer);
  if (!node) return null;
  return dialect.sqlToQuery(compileWhere(node));
}

describe('where grammar', () => {
  it('compiles comparisons with bound values, never the text', () => {
    const q = compile("diameter >= 300 AND material = 'PE'");
    expect(q?.sql).toBe('(t.diameter >= $1 and t.material = $2)');
    expect(q?.params).toEqual([300, 'PE']);
  });

  it('knows IN, NOT IN, LIKE, BETWEEN, IS NULL, NOT, parentheses and OR precedence', () => {
    expect(compile('gid in (1, 2, 3)')?.sql).toBe('t.gid in ($1, $2, $3)');
    expect(compile("GID NOT IN ('4', 5)")?.params).toEqual([4, 5]);
    expect(compile("road_name like '长江%'")?.sql).toBe('t.road_name like $1');
    expect(compile('installYear between 1990 and 2000')?.params).toEqual([1990, 2000]);
    expect(compile('dmaCode is not null')?.sql).toBe('t.dma_code is not null');
    const q = compile("diameter = 1 or diameter = 2 and material = 'x'");
    expect(q?.sql).toBe('(t.diameter = $1 or (t.diameter = $2 and t.material = $3))');
    expect(compile('not (diameter < 100)')?.sql).toBe('(not t.diameter < $1)');
  });

  it('accepts the 1=1 idiom, a literal on the left and escaped quotes', () => {
    expect(compile('1=1')?.sql).toBe('true');
    expect(compile('1=0')?.sql).toBe('false');
    expect(compile('300 <= diameter')?.sql).toBe('t.diameter >= $1');
    expect(compile("material = 'O''Brien'")?.params).toEqual(["O'Brien"]);
    expect(compile('  ')).toBeNull();
  });

  it('checks fields against the layer', () => {
    expect(() => compile('customerCount > 5')).toThrow(/没有字段 customerCount/);
    expect(compile('operable = 0', valve)?.sql).toBe('t.operable = $1');
  });

  it('refuses SQL it does not know, with a message', () => {
    const refused = [
      "material = 'PE'; drop table swp_gis_pipe",
      'diameter = 1 union select 1',
      "material = 'x' --",
      'pg_sleep(10) = 1',
      "diameter = 'abc'",
      "diameter like '1%'",
      'diameter >',
      "material = 'unterminated",
      'diameter = material',
      '(diameter = 1',
      'select * from blade_user',
      'x'.repeat(2001),
      `${'('.repeat(40)}diameter = 1${')'.repeat(40)}`,
    ];
    for (const w of refused) expect(() => compile(w), w).toThrow(WhereError);
  });
});
