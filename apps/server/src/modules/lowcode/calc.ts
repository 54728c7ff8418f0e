/**
 * Calculated fields (`calculate`), computed by the server on every save: a formula is a list of tokens — field
 * references (`{ __vModel__ }` / `{ field }`, `table.field` in the main form meaning the column's sum over the
 * sub-table's rows), numbers, `+ - * /` (also `× ÷`) and parentheses — evaluated by a recursive-descent parser,
 * never `eval`. As the form shows it (spec 1 §2.12: NaN becomes 0, a formula error counts as 0), dividing by zero
 * or a malformed formula gives 0; no formula at all gives null. The result is rounded to the field's `precision`.
 */
type Tok = { t: 'num'; v: number } | { t: 'op'; v: string };

function tokens(expr: unknown[], value: (ref: string) => number): Tok[] | undefined {
  const out: Tok[] = [];
  for (const raw of expr) {
    if (raw && typeof raw === 'object') {
      const r = raw as Record<string, unknown>;
      out.push({ t: 'num', v: value(String(r.__vModel__ ?? r.field ?? '')) });
      continue;
    }
    const s = String(raw).trim();
    if (!s) continue;
    if (/^-?\d+(\.\d+)?$/.test(s)) out.push({ t: 'num', v: Number(s) });
    else if (['+', '-', '*', '/', '×', '÷', '(', ')'].includes(s))
      out.push({ t: 'op', v: s === '×' ? '*' : s === '÷' ? '/' : s });
    else return undefined;
  }
  return out;
}

/** Evaluates the tokens; undefined for a malformed formula, NaN/Infinity for a division by zero. */
function evaluate(toks: Tok[]): number | undefined {
  let i = 0;
  const peek = () => toks[i];
  const expr = (): number | undefined => {
    let l = term();
    while (l !== undefined && peek()?.t === 'op' && (peek()!.v === '+' || peek()!.v === '-')) {
      const op = toks[i++].v;
      const r = term();
      if (r === undefined) return undefined;
      l = op === '+' ? l + r : l - r;
    }
    return l;
  };
  const term = (): number | undefined => {
    let l = factor();
    while (l !== undefined && peek()?.t === 'op' && (peek()!.v === '*' || peek()!.v === '/')) {
      const op = toks[i++].v;
      const r = factor();
      if (r === undefined) return undefined;
      l = op === '*' ? l * r : l / r;
    }
    return l;
  };
  const factor = (): number | undefined => {
    const t = toks[i++];
    if (!t) return undefined;
    if (t.t === 'num') return t.v;
    if (t.v === '-') {
      const f = factor();
      return f === undefined ? undefined : -f;
    }
    if (t.v === '(') {
      const v = expr();
      if (peek()?.v !== ')') return undefined;
      i++;
      return v;
    }
    return undefined;
  };
  const v = expr();
  return i === toks.length ? v : undefined;
}

const num = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : 0;
  return Number.isFinite(n) ? n : 0;
};

/**
 * The value of a formula over `row` (and the whole record for `table.field` sums); 0 when it cannot be computed
 * (division by zero, malformed), null when there is no formula.
 */
export function calculate(
  expr: unknown[] | undefined,
  row: Record<string, unknown>,
  precision?: number,
  record: Record<string, unknown> = row,
): number | null {
  if (!Array.isArray(expr) || !expr.length) return null;
  const toks = tokens(expr, (ref) => {
    const dot = ref.indexOf('.');
    if (dot > 0 && Array.isArray(record[ref.slice(0, dot)])) {
      const col = ref.slice(dot + 1);
      return (record[ref.slice(0, dot)] as Record<string, unknown>[]).reduce((s, r) => s + num(r?.[col]), 0);
    }
    return num(row[ref] ?? (dot > 0 ? row[ref.slice(dot + 1)] : undefined));
  });
  if (!toks) return 0;
  const v = evaluate(toks);
  if (v === undefined || !Number.isFinite(v)) return 0;
  const p = typeof precision === 'number' && precision >= 0 ? Math.min(precision, 10) : 2;
  const f = 10 ** p;
  return Math.round((v + Number.EPSILON * Math.sign(v)) * f) / f;
}
