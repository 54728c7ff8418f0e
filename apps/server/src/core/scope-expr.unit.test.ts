import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { user } from '../modules/system/schema.ts';
import type { AuthUser } from './gate.ts';
import { columnsOf } from './query.ts';
import { compileScopeExpression, validateScopeExpression } from './scope-expr.ts';

const me = { userId: '11', deptId: '21', deptIds: ['21', '22'], tenantId: '000000', account: 'op' } as AuthUser;
const compile = (s: string) => new PgDialect().sqlToQuery(compileScopeExpression(s, columnsOf(user), me));

describe('custom data-scope expressions', () => {
  it('compiles comparisons, in-lists, variables and precedence into bound parameters', () => {
    const q = compile('createDept in $deptIds && status == 1 || createUser == $userId');
    expect(q.sql).toBe(
      '(("blade_user"."create_dept" in ($1, $2) and "blade_user"."status" = $3) or "blade_user"."create_user" = $4)',
    );
    expect(q.params).toEqual(['21', '22', 1, '11']);
  });

  it('supports negation, parentheses, literal lists and like', () => {
    const q = compile("!(account like 'adm') && sex in (1, 2)");
    expect(q.sql).toContain('not (');
    expect(q.params).toEqual(['%adm%', 1, 2]);
  });

  it('never lets SQL through: unknown fields, variables and junk are refused', () => {
    expect(() => compile("account == 'x'; drop table blade_user")).toThrow();
    expect(() => compile('nosuch == 1')).toThrow('未知字段');
    expect(() => compile('status == $secret')).toThrow('未知变量');
    expect(() => compile('status ==')).toThrow();
    expect(() => compile('')).toThrow('为空');
    expect(() => compile("account == 'x'' or 1=1 --'")).toThrow();
    const q = compile("account == 'x\\' or 1=1 --'");
    expect(q.params).toContain("x' or 1=1 --");
  });

  it('validates a rule against a field list when it is saved', () => {
    expect(validateScopeExpression('createUser == $userId', ['createUser'])).toBeUndefined();
    expect(validateScopeExpression('foo == 1', ['createUser'])).toContain('未知字段');
  });
});
