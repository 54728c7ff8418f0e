/**
 * The whitelisted expression language of conditions, assignees and completion conditions (never `eval`, never
 * expr-eval). `${…}` or `#{…}` around an expression is optional. Grammar (lowest precedence first):
 *
 *   ternary  := or ('?' ternary ':' ternary)?
 *   or       := and (('||' | 'or') and)*
 *   and      := eq (('&&' | 'and') eq)*
 *   eq       := rel (('==' | '!=' | 'eq' | 'ne') rel)*
 *   rel      := add (('<' | '<=' | '>' | '>=' | 'lt' | 'le' | 'gt' | 'ge') add)*
 *   add      := mul (('+' | '-') mul)*
 *   mul      := unary (('*' | '/' | '%' | 'div' | 'mod') unary)*
 *   unary    := ('!' | 'not' | '-' | 'empty') unary | postfix
 *   postfix  := primary ('.' name | '[' ternary ']' | '(' args ')')*
 *   primary  := number | string | true | false | null | name | '(' ternary ')'
 *
 * Names read the variables given (own properties only); member access reads own properties of plain objects
 * and arrays (`length` of arrays and strings). Calls are allowed only to the functions in FUNCTIONS.
 */
import { scanTokens } from '../../core/scan.ts';

export class ExprError extends Error {}

type Node =
  | { t: 'lit'; v: unknown }
  | { t: 'name'; n: string }
  | { t: 'mem'; o: Node; k: Node }
  | { t: 'call'; f: string; a: Node[] }
  | { t: 'un'; op: string; a: Node }
  | { t: 'bin'; op: string; a: Node; b: Node }
  | { t: 'tern'; c: Node; a: Node; b: Node };

interface Tok {
  k: 'num' | 'str' | 'name' | 'op';
  v: string;
}

const WORD_OPS: Record<string, string> = {
  and: '&&',
  or: '||',
  not: '!',
  eq: '==',
  ne: '!=',
  lt: '<',
  le: '<=',
  gt: '>',
  ge: '>=',
  div: '/',
  mod: '%',
  empty: 'empty',
};
const OPS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '?',
  ':',
  '.',
  ',',
  '(',
  ')',
  '[',
  ']',
];
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);
const MAX_LEN = 2000;

function tokenize(src: string): Tok[] {
  return scanTokens<Tok>(src, (i, c, out) => {
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const m = /^(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?/.exec(src.slice(i));
      if (!m) throw new ExprError(`表达式有误: ${src}`);
      out.push({ k: 'num', v: m[0] });
      return i + m[0].length;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let s = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) {
          const e = src[j + 1];
          s += e === 'n' ? '\n' : e === 't' ? '\t' : e;
          j += 2;
        } else s += src[j++];
      }
      if (j >= src.length) throw new ExprError(`表达式的字符串没有结束: ${src}`);
      out.push({ k: 'str', v: s });
      return j + 1;
    }
    if (/[A-Za-z_$\u4e00-\u9fa5]/.test(c)) {
      const m = /^[A-Za-z_$\u4e00-\u9fa5][\w$\u4e00-\u9fa5]*/.exec(src.slice(i));
      const w = m![0];
      const op = Object.hasOwn(WORD_OPS, w) ? WORD_OPS[w] : undefined;
      out.push(op ? { k: 'op', v: op } : { k: 'name', v: w });
      return i + w.length;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (!op) throw new ExprError(`表达式含有不支持的字符 "${c}": ${src}`);
    out.push({ k: 'op', v: op === '===' ? '==' : op === '!==' ? '!=' : op });
    return i + op.length;
  });
}

/** Strips `${…}` / `#{…}` around an expression. */
export function unwrap(src: string): string {
  const s = src.trim();
  const m = /^[$#]\{([\s\S]*)\}$/.exec(s);
  return m ? m[1] : s;
}

/** True when the text is an expression (`${…}`) rather than a literal value. */
export const isExpression = (s: string) => /^\s*[$#]\{[\s\S]*\}\s*$/.test(s);

const cache = new Map<string, Node>();

export function parse(src: string): Node {
  const hit = cache.get(src);
  if (hit) return hit;
  const body = unwrap(src);
  if (body.length > MAX_LEN) throw new ExprError('表达式过长');
  const toks = tokenize(body);
  if (!toks.length) throw new ExprError('表达式为空');
  const root = descend(toks, body);
  if (cache.size > 5000) cache.clear();
  cache.set(src, root);
  return root;
}

/** The recursive descent over the tokens (`body`: the expression's text, for the messages). */
function descend(toks: Tok[], body: string): Node {
  let p = 0;
  const peek = () => toks[p];
  const isOp = (v: string) => toks[p]?.k === 'op' && toks[p].v === v;
  const expect = (v: string) => {
    if (!isOp(v)) throw new ExprError(`表达式有误，缺少 "${v}": ${body}`);
    p++;
  };
  const binary = (next: () => Node, ops: string[]) => () => {
    let a = next();
    while (peek()?.k === 'op' && ops.includes(peek().v)) {
      const op = toks[p++].v;
      a = { t: 'bin', op, a, b: next() };
    }
    return a;
  };
  const primary = (): Node => {
    const tk = toks[p++];
    if (!tk) throw new ExprError(`表达式不完整: ${body}`);
    if (tk.k === 'num') return { t: 'lit', v: Number(tk.v) };
    if (tk.k === 'str') return { t: 'lit', v: tk.v };
    if (tk.k === 'name') {
      if (tk.v === 'true') return { t: 'lit', v: true };
      if (tk.v === 'false') return { t: 'lit', v: false };
      if (tk.v === 'null') return { t: 'lit', v: null };
      if (FORBIDDEN.has(tk.v)) throw new ExprError(`表达式不允许访问 ${tk.v}`);
      return { t: 'name', n: tk.v };
    }
    if (tk.v === '(') {
      const e = ternary();
      expect(')');
      return e;
    }
    throw new ExprError(`表达式有误，意外的 "${tk.v}": ${body}`);
  };
  const postfix = (): Node => {
    let e = primary();
    for (;;) {
      if (isOp('.')) {
        p++;
        const tk = toks[p++];
        if (tk?.k !== 'name') throw new ExprError(`表达式有误，"." 后应为属性名: ${body}`);
        if (FORBIDDEN.has(tk.v)) throw new ExprError(`表达式不允许访问 ${tk.v}`);
        e = { t: 'mem', o: e, k: { t: 'lit', v: tk.v } };
      } else if (isOp('[')) {
        p++;
        const k = ternary();
        expect(']');
        e = { t: 'mem', o: e, k };
      } else if (isOp('(')) {
        if (e.t !== 'name') throw new ExprError(`表达式只能调用内置函数: ${body}`);
        if (!Object.hasOwn(FUNCTIONS, e.n)) throw new ExprError(`表达式不支持函数 ${e.n}`);
        p++;
        const a: Node[] = [];
        if (!isOp(')')) {
          a.push(ternary());
          while (isOp(',')) {
            p++;
            a.push(ternary());
          }
        }
        expect(')');
        e = { t: 'call', f: e.n, a };
      } else return e;
    }
  };
  const unary = (): Node => {
    if (peek()?.k === 'op' && ['!', '-', 'empty', '+'].includes(peek().v)) {
      const op = toks[p++].v;
      return { t: 'un', op, a: unary() };
    }
    return postfix();
  };
  const mul = binary(unary, ['*', '/', '%']);
  const add = binary(mul, ['+', '-']);
  const rel = binary(add, ['<', '<=', '>', '>=']);
  const eq = binary(rel, ['==', '!=']);
  const and = binary(eq, ['&&']);
  const or = binary(and, ['||']);
  function ternary(): Node {
    const c = or();
    if (isOp('?')) {
      p++;
      const a = ternary();
      expect(':');
      return { t: 'tern', c, a, b: ternary() };
    }
    return c;
  }
  const root = ternary();
  if (p < toks.length) throw new ExprError(`表达式有误，多余的 "${toks[p].v}": ${body}`);
  return root;
}

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);

const listOf = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : typeof v === 'string' ? (v === '' ? [] : v.split(',')) : isEmpty(v) ? [] : [v];

/** The only callable functions. */
const FUNCTIONS: Record<string, (...a: unknown[]) => unknown> = {
  size: (v) =>
    typeof v === 'string' || Array.isArray(v) ? v.length : isEmpty(v) ? 0 : Object.keys(v as object).length,
  contains: (list, item) => listOf(list).map(String).includes(String(item)),
  isEmpty: (v) => isEmpty(v),
  number: (v) => Number(v),
  string: (v) => (v === null || v === undefined ? '' : String(v)),
  abs: (v) => Math.abs(Number(v)),
  min: (...a) => Math.min(...a.map(Number)),
  max: (...a) => Math.max(...a.map(Number)),
  round: (v) => Math.round(Number(v)),
  floor: (v) => Math.floor(Number(v)),
  ceil: (v) => Math.ceil(Number(v)),
};

function member(o: unknown, k: unknown): unknown {
  if (o === null || o === undefined) return undefined;
  const key = String(k);
  if (FORBIDDEN.has(key)) throw new ExprError(`表达式不允许访问 ${key}`);
  if ((typeof o === 'string' || Array.isArray(o)) && key === 'length') return o.length;
  if (typeof o !== 'object') return undefined;
  return Object.hasOwn(o as object, key) ? (o as Record<string, unknown>)[key] : undefined;
}

const num = (v: unknown) => (typeof v === 'number' ? v : v === null || v === undefined || v === '' ? 0 : Number(v));
/** `==` as EL does: numbers compare as numbers when both sides look numeric, else as strings; null only to null. */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'boolean' || typeof b === 'boolean') return String(a) === String(b);
  const na = Number(a);
  const nb = Number(b);
  if (typeof a !== 'object' && typeof b !== 'object' && a !== '' && b !== '' && !Number.isNaN(na) && !Number.isNaN(nb))
    return na === nb;
  return String(a) === String(b);
}
function compare(op: string, a: unknown, b: unknown): boolean {
  const bothText =
    typeof a === 'string' && typeof b === 'string' && (Number.isNaN(Number(a)) || Number.isNaN(Number(b)));
  const x = bothText ? a : num(a);
  const y = bothText ? b : num(b);
  if (op === '<') return x < y;
  if (op === '<=') return x <= y;
  if (op === '>') return x > y;
  return x >= y;
}

function run(n: Node, vars: Record<string, unknown>): unknown {
  switch (n.t) {
    case 'lit':
      return n.v;
    case 'name':
      return Object.hasOwn(vars, n.n) ? vars[n.n] : undefined;
    case 'mem':
      return member(run(n.o, vars), run(n.k, vars));
    case 'call':
      return FUNCTIONS[n.f](...n.a.map((a) => run(a, vars)));
    case 'un': {
      const v = run(n.a, vars);
      if (n.op === '!') return !truthy(v);
      if (n.op === '-') return -num(v);
      if (n.op === '+') return num(v);
      return isEmpty(v);
    }
    case 'tern':
      return truthy(run(n.c, vars)) ? run(n.a, vars) : run(n.b, vars);
    case 'bin': {
      if (n.op === '&&') return truthy(run(n.a, vars)) && truthy(run(n.b, vars));
      if (n.op === '||') return truthy(run(n.a, vars)) || truthy(run(n.b, vars));
      const a = run(n.a, vars);
      const b = run(n.b, vars);
      switch (n.op) {
        case '==':
          return equal(a, b);
        case '!=':
          return !equal(a, b);
        case '+':
          return typeof a === 'string' || typeof b === 'string' ? `${a ?? ''}${b ?? ''}` : num(a) + num(b);
        case '-':
          return num(a) - num(b);
        case '*':
          return num(a) * num(b);
        case '/':
          return num(a) / num(b);
        case '%':
          return num(a) % num(b);
        default:
          return compare(n.op, a, b);
      }
    }
  }
}

export function truthy(v: unknown): boolean {
  if (typeof v === 'string') return v !== '' && v !== 'false' && v !== '0';
  return Boolean(v);
}

/** Evaluates an expression over the variables (parse errors and forbidden access throw ExprError). */
export function evaluate(src: string, vars: Record<string, unknown>): unknown {
  return run(parse(src), vars);
}

/** Evaluates a condition to a boolean. */
export function test(src: string, vars: Record<string, unknown>): boolean {
  return truthy(evaluate(src, vars));
}

/** The free variable names an expression reads (for validation before deploy). */
export function namesOf(src: string): string[] {
  const out = new Set<string>();
  const walk = (n: Node) => {
    if (n.t === 'name') out.add(n.n);
    else if (n.t === 'mem') {
      walk(n.o);
      walk(n.k);
    } else if (n.t === 'call') n.a.forEach(walk);
    else if (n.t === 'un') walk(n.a);
    else if (n.t === 'bin') {
      walk(n.a);
      walk(n.b);
    } else if (n.t === 'tern') {
      walk(n.c);
      walk(n.a);
      walk(n.b);
    }
  };
  walk(parse(src));
  return [...out];
}
