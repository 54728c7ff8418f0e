import { describe, expect, it } from 'vitest';
import { assertReadOnlySql, tokens } from './sql-guard.ts';

const refused = (sqlText: string) => {
  try {
    assertReadOnlySql(sqlText, { recursive: true });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

describe('the interface statement check', () => {
  it('reads literals, comments and quoted names as the databases do', () => {
    expect(tokens(`select 'a''b', E'\\'', $x$ drop $x$, "Pg_Shadow" /* a /* nested */ c */ from t`)).toEqual([
      { kind: 'word', text: 'select' },
      { kind: 'symbol', text: "''" },
      { kind: 'symbol', text: ',' },
      { kind: 'symbol', text: "''" },
      { kind: 'symbol', text: ',' },
      { kind: 'symbol', text: "''" },
      { kind: 'symbol', text: ',' },
      { kind: 'quoted', text: 'Pg_Shadow' },
      { kind: 'word', text: 'from' },
      { kind: 'word', text: 't' },
    ]);
    // MySQL: backslash escapes in both quotes, # comments, `-- ` needs a space
    expect(tokens(`select "a\\" x" # drop\n, 1 --1`, 'mysql').map((t) => t.text)).toEqual([
      'select',
      "''",
      ',',
      '1',
      '-',
      '-',
      '1',
    ]);
  });

  it('lets plain queries through, words inside literals and comments included', () => {
    expect(refused("select 'delete me; drop table x' as a -- pg_shadow\n from swp_water_tariff where id = @id;")).toBe(
      null,
    );
    expect(refused('with x as (select 1 as n) select n from x')).toBe(null);
  });

  it('refuses names hidden by quoting, case, escapes or a dialect’s reading', () => {
    expect(refused('select * from "PG_CATALOG"."pg_authid"')).toBe('查询语句中不能使用 PG_CATALOG');
    expect(refused('select * from `blade_auth_key`')).toBe('查询语句中不能使用 BLADE_AUTH_KEY');
    expect(refused('select U&"\\0070g_shadow".x from t')).toBe('查询语句中不能使用 U& 转义');
    // PostgreSQL reads the function as code (the backslash is plain), MySQL as a string: both readings are checked
    expect(refused("select 'a\\' , pg_read_file('/etc/passwd') , '\\'")).toBe('查询语句中不能使用 PG_READ_FILE');
    // MySQL executes /*! … */
    expect(refused("select 1 /*! , load_file('/etc/passwd') */")).toBe('查询语句中不能使用 /*! 注释');
    expect(refused('select 1 --\n; select 2')).toBe('只能执行一条 SQL 语句');
    expect(refused("select 'x")).toBe('SQL 语句中有未结束的字符串或注释');
    expect(refused('with recursive r as (select 1) select * from r')).toBe('本系统数据库的接口不能使用 WITH RECURSIVE');
  });
});
