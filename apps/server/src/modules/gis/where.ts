/**
 * The `where` clause of `<layer>/query`: a small SQL-92-like grammar, parsed here and checked against the layer's
 * fields, then compiled to SQL with every value bound as a parameter. Never passed to SQL as text.
 *
 *   expr       := term (OR term)*
 *   term       := factor (AND factor)*
 *   factor     := NOT factor | '(' expr ')' | predicate
 *   predicate  := field cmp literal | literal cmp field | number cmp number (only 1=1 / 1=0 style constants)
 *               | field [NOT] IN '(' literal (',' literal)* ')'
 *               | field [NOT] LIKE string | field [NOT] BETWEEN literal AND literal | field IS [NOT] NULL
 *   cmp        := = | <> | != | < | <= | > | >=
 *   literal    := number | 'string' ('' escapes a quote)
 *
 * Fields are matched case-insensitively. Numeric fields take numbers (a quoted number is accepted); LIKE takes text
 * fields only. Limits: 2,000 characters, 1,000 values in an IN list, nesting 32 deep.
 */
import { type SQL, sql } from 'drizzle-orm';
import { scanTokens } from '../../core/scan.ts';
import { type FieldDef, fieldOf, type LayerDef } from './layers.ts';

export class WhereError extends Error {}

type Tok =
  | { t: 'num'; v: number; p: number }
  | { t: 'str'; v: string; p: number }
  | { t: 'id'; v: string; p: number }
  | { t: 'op'; v: string; p: number }
  | { t: 'kw'; v: string; p: number };

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'IN', 'LIKE', 'BETWEEN', 'IS', 'NULL']);

function tokenize(src: string): Tok[] {
  return scanTokens<Tok>(src, (i, c, out) => {
    if (c === "'") {
      let v = '';
      let j = i + 1;
      for (;;) {
        if (j >= src.length) throw new WhereError(`字符串未结束 (位置 ${i + 1})`);
        if (src[j] === "'") {
          if (src[j + 1] === "'") {
            v += "'";
            j += 2;
            continue;
          }
          break;
        }
        v += src[j++];
      }
      out.push({ t: 'str', v, p: i });
      return j + 1;
    }
    const num = /^-?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?/.exec(src.slice(i));
    if (num && (c !== '-' || !prevIsValue(out))) {
      out.push({ t: 'num', v: Number(num[0]), p: i });
      return i + num[0].length;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (id) {
      const up = id[0].toUpperCase();
      out.push(KEYWORDS.has(up) ? { t: 'kw', v: up, p: i } : { t: 'id', v: id[0], p: i });
      return i + id[0].length;
    }
    const op = /^(<>|!=|<=|>=|=|<|>|\(|\)|,)/.exec(src.slice(i));
    if (op) {
      out.push({ t: 'op', v: op[0], p: i });
      return i + op[0].length;
    }
    throw new WhereError(`不支持的字符 "${c}" (位置 ${i + 1})`);
  });
}

function prevIsValue(out: Tok[]): boolean {
  const last = out[out.length - 1];
  return !!last && (last.t === 'num' || last.t === 'str' || last.t === 'id' || (last.t === 'op' && last.v === ')'));
}

export type Node =
  | { k: 'and' | 'or'; a: Node; b: Node }
  | { k: 'not'; a: Node }
  | { k: 'cmp'; field: FieldDef; op: string; value: number | string }
  | { k: 'const'; value: boolean }
  | { k: 'in'; field: FieldDef; values: (number | string)[]; not: boolean }
  | { k: 'like'; field: FieldDef; pattern: string; not: boolean }
  | { k: 'between'; field: FieldDef; lo: number | string; hi: number | string; not: boolean }
  | { k: 'null'; field: FieldDef; not: boolean };

const CMP = new Set(['=', '<>', '!=', '<', '<=', '>', '>=']);
const FLIP: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=', '<>': '<>', '!=': '<>' };

/** Parses `where` for `layer`; throws WhereError with a message a person can act on. */
export function parseWhere(src: string, layer: LayerDef): Node | null {
  const text = src.trim();
  if (!text) return null;
  if (text.length > 2000) throw new WhereError('查询条件过长 (最多 2000 个字符)');
  const p = new WhereParser(tokenize(text), layer);
  const tree = p.expr();
  if (p.pos < p.toks.length) throw new WhereError(`无法识别的内容 (${at(p.peek())})`);
  return tree;
}

const at = (t: Tok | undefined) => (t ? `位置 ${t.p + 1}` : '末尾');

/** The recursive descent: expr (OR) › term (AND) › factor (NOT, parentheses) › predicate. */
class WhereParser {
  pos = 0;
  depth = 0;
  constructor(
    readonly toks: Tok[],
    readonly layer: LayerDef,
  ) {}

  peek() {
    return this.toks[this.pos];
  }

  isKw(v: string) {
    return this.peek()?.t === 'kw' && this.peek()?.v === v;
  }

  isOp(v: string) {
    return this.peek()?.t === 'op' && this.peek()?.v === v;
  }

  expectOp(v: string) {
    if (!this.isOp(v)) throw new WhereError(`此处应为 "${v}" (${at(this.peek())})`);
    this.pos++;
  }

  field(): FieldDef {
    const t = this.peek();
    if (t?.t !== 'id') throw new WhereError(`此处应为字段名 (${at(t)})`);
    const fd = fieldOf(this.layer, t.v);
    if (!fd) throw new WhereError(`图层「${this.layer.name}」没有字段 ${t.v}`);
    this.pos++;
    return fd;
  }

  literal(fd?: FieldDef): number | string {
    const t = this.peek();
    if (t?.t !== 'num' && t?.t !== 'str') throw new WhereError(`此处应为数值或字符串 (${at(t)})`);
    this.pos++;
    if (fd && fd.type !== 'esriFieldTypeString') {
      const n = typeof t.v === 'number' ? t.v : Number(t.v);
      if (typeof t.v === 'string' && (t.v.trim() === '' || !Number.isFinite(n)))
        throw new WhereError(`字段 ${fd.name} 是数值字段, 不能与 '${t.v}' 比较`);
      return n;
    }
    return typeof t.v === 'number' ? String(t.v) : t.v;
  }

  predicate(): Node {
    const t = this.peek();
    if (t?.t === 'num' || t?.t === 'str') {
      // literal first: `1=1` constants, or `5 < diameter`
      const next = this.toks[this.pos + 1];
      const after = this.toks[this.pos + 2];
      if (next?.t === 'op' && CMP.has(next.v) && after?.t === 'id') {
        const lit = t.v;
        this.pos += 2;
        const fd = this.field();
        const value = fd.type === 'esriFieldTypeString' ? String(lit) : Number(lit);
        if (typeof value === 'number' && !Number.isFinite(value))
          throw new WhereError(`字段 ${fd.name} 是数值字段, 不能与 '${lit}' 比较`);
        return { k: 'cmp', field: fd, op: FLIP[next.v], value };
      }
      if (t.t === 'num' && next?.t === 'op' && CMP.has(next.v) && after?.t === 'num') {
        this.pos += 3;
        return { k: 'const', value: compareConst(t.v, next.v, after.v) };
      }
      throw new WhereError(`条件应以字段名开始 (${at(t)})`);
    }
    const fd = this.field();
    const op = this.peek();
    if (op?.t === 'op' && CMP.has(op.v)) {
      this.pos++;
      return { k: 'cmp', field: fd, op: op.v === '!=' ? '<>' : op.v, value: this.literal(fd) };
    }
    if (this.isKw('IS')) {
      this.pos++;
      const not = this.isKw('NOT');
      if (not) this.pos++;
      if (!this.isKw('NULL')) throw new WhereError(`IS 之后应为 NULL 或 NOT NULL (${at(this.peek())})`);
      this.pos++;
      return { k: 'null', field: fd, not };
    }
    const not = this.isKw('NOT');
    if (not) this.pos++;
    if (this.isKw('IN')) {
      this.pos++;
      this.expectOp('(');
      const values = [this.literal(fd)];
      while (this.isOp(',')) {
        this.pos++;
        values.push(this.literal(fd));
        if (values.length > 1000) throw new WhereError('IN 列表最多 1000 个值');
      }
      this.expectOp(')');
      return { k: 'in', field: fd, values, not };
    }
    if (this.isKw('LIKE')) {
      this.pos++;
      if (fd.type !== 'esriFieldTypeString') throw new WhereError(`LIKE 只能用于文本字段, ${fd.name} 不是文本字段`);
      const t2 = this.peek();
      if (t2?.t !== 'str') throw new WhereError(`LIKE 之后应为字符串 (${at(t2)})`);
      this.pos++;
      return { k: 'like', field: fd, pattern: t2.v, not };
    }
    if (this.isKw('BETWEEN')) {
      this.pos++;
      const lo = this.literal(fd);
      if (!this.isKw('AND')) throw new WhereError(`BETWEEN 之后应为 "值 AND 值" (${at(this.peek())})`);
      this.pos++;
      const hi = this.literal(fd);
      return { k: 'between', field: fd, lo, hi, not };
    }
    throw new WhereError(`字段 ${fd.name} 之后应为比较运算符、IN、LIKE、BETWEEN 或 IS (${at(this.peek())})`);
  }

  factor(): Node {
    if (++this.depth > 32) throw new WhereError('查询条件嵌套过深');
    try {
      if (this.isKw('NOT')) {
        this.pos++;
        return { k: 'not', a: this.factor() };
      }
      if (this.isOp('(')) {
        this.pos++;
        const e = this.expr();
        this.expectOp(')');
        return e;
      }
      return this.predicate();
    } finally {
      this.depth--;
    }
  }

  term(): Node {
    return this.chain('AND', () => this.factor());
  }

  expr(): Node {
    return this.chain('OR', () => this.term());
  }

  /** `next (kw next)*`, grouped from the left: AND over factors, OR over terms. */
  private chain(kw: 'AND' | 'OR', next: () => Node): Node {
    let a = next();
    while (this.isKw(kw)) {
      this.pos++;
      a = { k: kw === 'AND' ? 'and' : 'or', a, b: next() };
    }
    return a;
  }
}

function compareConst(a: number, op: string, b: number): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '<>':
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a >= b;
  }
}

/** Compiles a parsed clause; column names come from the layer definition, values are parameters. */
export function compileWhere(node: Node, alias = 't'): SQL {
  const col = (fd: FieldDef) => sql.raw(`${alias}.${fd.column}`);
  switch (node.k) {
    case 'and':
      return sql`(${compileWhere(node.a, alias)} and ${compileWhere(node.b, alias)})`;
    case 'or':
      return sql`(${compileWhere(node.a, alias)} or ${compileWhere(node.b, alias)})`;
    case 'not':
      return sql`(not ${compileWhere(node.a, alias)})`;
    case 'const':
      return node.value ? sql`true` : sql`false`;
    case 'cmp':
      return sql`${col(node.field)} ${sql.raw(node.op)} ${node.value}`;
    case 'null':
      return node.not ? sql`${col(node.field)} is not null` : sql`${col(node.field)} is null`;
    case 'in': {
      const list = sql.join(
        node.values.map((v) => sql`${v}`),
        sql`, `,
      );
      return node.not ? sql`${col(node.field)} not in (${list})` : sql`${col(node.field)} in (${list})`;
    }
    case 'like':
      return node.not ? sql`${col(node.field)} not like ${node.pattern}` : sql`${col(node.field)} like ${node.pattern}`;
    case 'between':
      return node.not
        ? sql`${col(node.field)} not between ${node.lo} and ${node.hi}`
        : sql`${col(node.field)} between ${node.lo} and ${node.hi}`;
  }
}
