/**
 * Formulas of calculated fields (spec 1 §5, spec 2 §5), with our own tokenizer and evaluator (never eval/Function).
 *
 * - A number is an optional sign, no leading zeros, optional decimals: `^[+-]?(0|[1-9]\d*)(\.\d+)?$`.
 * - Operators + - × ÷ (the ASCII * and / are accepted as aliases) and parentheses, standard precedence.
 * - A valid formula, parentheses removed, has an odd token count, numbers at both ends and alternates operands
 *   and operators; parentheses must balance.
 * - Evaluation: a result that is not a finite number becomes 0; an invalid formula counts as 0 (and warns).
 *
 * A formula is written as a string (`{price} × {qty} + 2`) or as the designer's token list
 * (`[{ field: 'price' }, '×', { field: 'qty' }]`); field references take the form's current values.
 */

export type FormulaToken = string | number | { field: string };
export type Operator = '+' | '-' | '×' | '÷';

const NUMBER = /^[+-]?(0|[1-9]\d*)(\.\d+)?$/;
const OPERATORS: Record<string, Operator> = { '+': '+', '-': '-', '×': '×', '÷': '÷', '*': '×', '/': '÷' };
const PRECEDENCE: Record<Operator, number> = { '+': 1, '-': 1, '×': 2, '÷': 2 };

/** True when the text is a number in the spec's sense. */
export function isNumberText(s: string): boolean {
  return NUMBER.test(s);
}

/** Splits a formula string into tokens: numbers, operators, parentheses and `{field}` references. */
export function tokenize(formula: string): FormulaToken[] {
  const out: FormulaToken[] = [];
  let i = 0;
  while (i < formula.length) {
    const c = formula[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '{') {
      const end = formula.indexOf('}', i);
      if (end < 0) throw new FormulaError(`unclosed field reference at ${i}`);
      out.push({ field: formula.slice(i + 1, end).trim() });
      i = end + 1;
      continue;
    }
    if (c in OPERATORS || c === '(' || c === ')') {
      out.push(c === '(' || c === ')' ? c : OPERATORS[c]);
      i++;
      continue;
    }
    const m = /^[0-9.]+/.exec(formula.slice(i));
    if (!m) throw new FormulaError(`unexpected character ${c} at ${i}`);
    out.push(m[0]);
    i += m[0].length;
  }
  return out;
}

export class FormulaError extends Error {}

/** Replaces field references with the values (as text); a missing or non-numeric value is 0. */
export function substitute(tokens: FormulaToken[], values: Record<string, unknown>): string[] {
  return tokens.map((t) => {
    if (typeof t === 'object') {
      const v = values[t.field];
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
      return Number.isFinite(n) ? plain(n) : '0';
    }
    return String(t);
  });
}

/** A number as plain decimal text (no exponent), so that it matches the number rule. */
function plain(n: number): string {
  return /e/i.test(String(n))
    ? n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
    : String(n);
}

/**
 * Joins digit fragments a designer entered one key at a time ("1", "2" → "12") and folds a sign that directly
 * follows an operator or an opening parenthesis (or starts the formula) into the number after it.
 */
export function mergeNumbers(tokens: string[]): string[] {
  const res: string[] = [];
  for (const t of tokens) {
    const prev = res[res.length - 1];
    if (prev !== undefined && /^[+-]?[0-9.]+$/.test(prev) && /^[0-9.]+$/.test(t)) {
      res[res.length - 1] = prev + t;
      continue;
    }
    const before = res[res.length - 2];
    if (
      (prev === '-' || prev === '+') &&
      /^[0-9.]+$/.test(t) &&
      (before === undefined || before === '(' || before in OPERATORS)
    ) {
      res[res.length - 1] = prev + t;
      continue;
    }
    res.push(t);
  }
  return res;
}

/** The validity rule of the spec, on merged tokens. */
export function isValidExpression(tokens: string[]): boolean {
  let depth = 0;
  for (const t of tokens) {
    if (t === '(') depth++;
    else if (t === ')' && --depth < 0) return false;
  }
  if (depth !== 0) return false;
  const arr = tokens.filter((t) => t !== '(' && t !== ')');
  if (arr.length % 2 === 0) return false;
  for (let i = 0; i < arr.length; i++) {
    const shouldBeNumber = i % 2 === 0;
    if (shouldBeNumber !== isNumberText(arr[i])) return false;
    if (!shouldBeNumber && !(arr[i] in OPERATORS)) return false;
  }
  // parentheses must wrap operands: "(" follows an operator or starts, ")" precedes an operator or ends
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (t === '(' && ((prev !== undefined && prev !== '(' && !(prev in OPERATORS)) || next === ')')) return false;
    if (t === ')' && next !== undefined && next !== ')' && !(next in OPERATORS)) return false;
  }
  return true;
}

/** Infix to reverse Polish notation (shunting-yard). */
export function toRPN(tokens: string[]): string[] {
  const out: string[] = [];
  const ops: string[] = [];
  for (const t of tokens) {
    if (isNumberText(t)) out.push(t);
    else if (t === '(') ops.push(t);
    else if (t === ')') {
      while (ops.length && ops[ops.length - 1] !== '(') out.push(ops.pop()!);
      ops.pop();
    } else {
      const op = OPERATORS[t];
      while (ops.length) {
        const top = ops[ops.length - 1];
        if (top === '(' || PRECEDENCE[top as Operator] < PRECEDENCE[op]) break;
        out.push(ops.pop()!);
      }
      ops.push(op);
    }
  }
  while (ops.length) out.push(ops.pop()!);
  return out;
}

export function evalRPN(rpn: string[]): number {
  const stack: number[] = [];
  for (const t of rpn) {
    if (isNumberText(t)) {
      stack.push(Number(t));
      continue;
    }
    const b = stack.pop();
    const a = stack.pop();
    if (a === undefined || b === undefined) throw new FormulaError('malformed expression');
    switch (t as Operator) {
      case '+':
        stack.push(a + b);
        break;
      case '-':
        stack.push(a - b);
        break;
      case '×':
        stack.push(a * b);
        break;
      case '÷':
        stack.push(a / b);
        break;
    }
  }
  if (stack.length !== 1) throw new FormulaError('malformed expression');
  return stack[0];
}

/** Trims binary floating-point noise (0.1 + 0.2 → 0.3) without losing real precision. */
function tidy(n: number): number {
  return Number.parseFloat(n.toPrecision(15));
}

/**
 * Evaluates a formula against the form's values. Invalid formulas count as 0 (with a console warning, as the
 * spec's error catalogue says); a result that is not a finite number (0 ÷ 0, x ÷ 0) becomes 0.
 */
export function evaluateFormula(formula: string | FormulaToken[], values: Record<string, unknown> = {}): number {
  try {
    const tokens = typeof formula === 'string' ? tokenize(formula) : formula.flatMap(splitToken);
    const merged = mergeNumbers(substitute(tokens, values));
    if (!isValidExpression(merged)) throw new FormulaError(`invalid formula: ${merged.join(' ')}`);
    const n = evalRPN(toRPN(merged));
    return Number.isFinite(n) ? tidy(n) : 0;
  } catch (e) {
    console.warn('[formula]', (e as Error).message);
    return 0;
  }
}

/** A designer token may be a whole string formula piece; operators and parentheses are kept, the rest as is. */
function splitToken(t: FormulaToken): FormulaToken[] {
  if (typeof t === 'number') return [String(t)];
  if (typeof t === 'string') return t in OPERATORS ? [OPERATORS[t]] : [t.trim()];
  return [t];
}

/** The field names a formula reads (to know when to recompute). */
export function formulaFields(formula: string | FormulaToken[]): string[] {
  try {
    const tokens = typeof formula === 'string' ? tokenize(formula) : formula;
    return [...new Set(tokens.filter((t): t is { field: string } => typeof t === 'object').map((t) => t.field))];
  } catch {
    return [];
  }
}
