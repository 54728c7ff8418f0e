/**
 * Custom data-scope rules as a small, safe expression language, compiled to parameterised SQL over the table's own
 * columns — never concatenated into SQL. Grammar:
 *   expr   := term ('||' term)*          term := factor ('&&' factor)*
 *   factor := '!' factor | '(' expr ')' | cmp
 *   cmp    := field op value | field 'in' '(' value (',' value)* ')' | field 'in' var
 *   op     := '==' | '!=' | '>=' | '<=' | '>' | '<' | 'like'
 *   value  := number | 'string' | var      var := '$userId' | '$deptId' | '$deptIds' | '$tenantId' | '$account'
 * Example: `createDept in $deptIds && status == 1 || createUser == $userId`.
 */
import { type Column, type SQL, sql } from 'drizzle-orm';
import { badRequest } from './envelope.ts';
import type { AuthUser } from './gate.ts';

type Tok = { t: 'id' | 'num' | 'str' | 'var' | 'op' | 'punct'; v: string };

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  const re =
    /\s*(?:(\$[A-Za-z]+)|([A-Za-z_][A-Za-z0-9_]*)|(-?\d+(?:\.\d+)?)|'((?:[^'\\]|\\.)*)'|(==|!=|>=|<=|&&|\|\||[<>!(),]))/y;
  let i = 0;
  while (i < src.length) {
    if (/^\s*$/.test(src.slice(i))) break;
    re.lastIndex = i;
    const m = re.exec(src);
    if (!m) throw badRequest(`数据权限规则无法解析: 第 ${i + 1} 个字符附近`);
    i = re.lastIndex;
    if (m[1]) out.push({ t: 'var', v: m[1] });
    else if (m[2]) out.push(m[2] === 'in' || m[2] === 'like' ? { t: 'op', v: m[2] } : { t: 'id', v: m[2] });
    else if (m[3] !== undefined) out.push({ t: 'num', v: m[3] });
    else if (m[4] !== undefined) out.push({ t: 'str', v: m[4].replace(/\\(.)/g, '$1') });
    else out.push({ t: ['(', ')', ',', '!'].includes(m[5]) ? 'punct' : 'op', v: m[5] });
  }
  return out;
}

/** The value of a rule's variable for the signed-in user. */
function userVar(user: AuthUser, name: string): unknown {
  switch (name) {
    case '$userId':
      return user.userId;
    case '$deptId':
      return user.deptId;
    case '$deptIds':
      return user.deptIds;
    case '$tenantId':
      return user.tenantId;
    case '$account':
      return user.account;
    default:
      throw badRequest(`数据权限规则含有未知变量: ${name}`);
  }
}

/** One comparison of a column with a single value. */
function compare(col: Column, op: string, v: unknown): SQL {
  switch (op) {
    case '==':
      return sql`${col} = ${v}`;
    case '!=':
      return sql`${col} <> ${v}`;
    case '>=':
      return sql`${col} >= ${v}`;
    case '<=':
      return sql`${col} <= ${v}`;
    case '>':
      return sql`${col} > ${v}`;
    case '<':
      return sql`${col} < ${v}`;
    case 'like':
      return sql`${col}::text ilike ${`%${String(v)}%`}`;
    default:
      throw badRequest(`数据权限规则无法解析: 未知运算符 ${op}`);
  }
}

export function compileScopeExpression(src: string, cols: Map<string, Column>, user: AuthUser): SQL {
  const toks = tokenize(src);
  let p = 0;
  const peek = () => toks[p];
  const take = (v?: string) => {
    const t = toks[p];
    if (!t || (v !== undefined && t.v !== v)) throw badRequest(`数据权限规则无法解析: 期望 ${v ?? '更多内容'}`);
    p++;
    return t;
  };
  const vars = (name: string) => userVar(user, name);
  const value = (): unknown => {
    const t = take();
    if (t.t === 'num') return Number(t.v);
    if (t.t === 'str') return t.v;
    if (t.t === 'var') return vars(t.v);
    throw badRequest(`数据权限规则无法解析: ${t.v} 不是值`);
  };
  const cmp = (): SQL => {
    const f = take();
    if (f.t !== 'id') throw badRequest(`数据权限规则无法解析: ${f.v} 不是字段`);
    const col = cols.get(f.v);
    if (!col) throw badRequest(`数据权限规则含有未知字段: ${f.v}`);
    const op = take();
    if (op.v === 'in') {
      let list: unknown[];
      if (peek()?.t === 'var') {
        const v = vars(take().v);
        list = Array.isArray(v) ? v : [v];
      } else {
        take('(');
        list = [value()];
        while (peek()?.v === ',') {
          take(',');
          list.push(value());
        }
        take(')');
      }
      if (!list.length) return sql`false`;
      return sql`${col} in (${sql.join(
        list.map((v) => sql`${v}`),
        sql`, `,
      )})`;
    }
    const v = value();
    if (Array.isArray(v)) throw badRequest('数据权限规则无法解析: 列表只能用于 in');
    return compare(col, op.v, v);
  };
  const factor = (): SQL => {
    if (peek()?.v === '!') {
      take('!');
      return sql`not (${factor()})`;
    }
    if (peek()?.v === '(') {
      take('(');
      const e = expr();
      take(')');
      return sql`(${e})`;
    }
    return cmp();
  };
  const term = (): SQL => {
    let left = factor();
    while (peek()?.v === '&&') {
      take('&&');
      left = sql`(${left} and ${factor()})`;
    }
    return left;
  };
  const expr = (): SQL => {
    let left = term();
    while (peek()?.v === '||') {
      take('||');
      left = sql`(${left} or ${term()})`;
    }
    return left;
  };
  if (!toks.length) throw badRequest('数据权限规则为空');
  const out = expr();
  if (p !== toks.length) throw badRequest(`数据权限规则无法解析: 多余的内容 ${toks[p].v}`);
  return out;
}

/** Parses without compiling, for validating a rule when it is saved. */
export function validateScopeExpression(src: string, fields: string[]): string | undefined {
  const fake = new Map<string, Column>(fields.map((f) => [f, { name: f } as unknown as Column]));
  const user = { userId: '0', deptId: '0', deptIds: ['0'], tenantId: '000000', account: 'x' } as AuthUser;
  try {
    compileScopeExpression(src, fake, user);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}
