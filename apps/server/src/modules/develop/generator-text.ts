/**
 * The generator's model types and the text helpers its templates use: name cases, TypeScript string literals and
 * member chains laid out the way Biome lays them out, SQL string literals.
 */
export interface GenColumn {
  /** database column (snake_case) */
  column: string;
  /** property (camelCase) */
  prop: string;
  label: string;
  kind: 'string' | 'text' | 'integer' | 'decimal' | 'date' | 'datetime';
  length?: number;
  precision?: number;
  scale?: number;
  required: boolean;
  search: boolean;
  /** static options (select) */
  options?: { value: string; label: string }[];
}

export interface GenModel {
  /** module folder and code, snake_case, e.g. `repair_request` */
  name: string;
  /** screen title, e.g. 用户报修登记 */
  label: string;
  /** table name */
  table: string;
  columns: GenColumn[];
  /** where it came from (comment) */
  source: string;
  /** top menu (business area) the screen's menu goes into (default system) */
  area?: string;
}

export interface GenFile {
  path: string;
  content: string;
}

export const camel = (s: string) => s.replace(/[_-]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
export const pascal = (s: string) => camel(s).replace(/^./, (c) => c.toUpperCase());
export const snake = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
export const kebab = (s: string) => snake(s).replace(/_/g, '-');
/** A TypeScript string literal as Biome writes it: single quotes, double ones when the text holds a single quote. */
export const q = (s: string) =>
  s.includes("'") && !s.includes('"')
    ? JSON.stringify(s.replace(/\r/g, ''))
    : `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '')}'`;

/** Columns a line takes on screen (wide CJK characters count two, as Biome's line width does). */
export function width(s: string): number {
  let n = 0;
  for (const ch of s)
    n += /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/.test(ch)
      ? 2
      : 1;
  return n;
}

/**
 * `${indent}${key}${expr},` on one line when it fits in 120 columns; otherwise the member chain broken the way
 * Biome breaks it: the head (`z`, `z.coerce`) stays, every call goes on its own line, two spaces further in.
 */
export function chainLine(indent: string, key: string, expr: string): string {
  const one = `${indent}${key}${expr},`;
  if (width(one) <= 120) return one;
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let cur = '';
  for (let i = 0; i < expr.length; i++) {
    const ch = expr[i];
    if (quote) {
      if (ch === '\\') {
        cur += ch + expr[++i];
        continue;
      }
      if (ch === quote) quote = '';
    } else if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (ch === '.' && depth === 0) {
      parts.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  parts.push(cur);
  const firstCall = parts.findIndex((p) => p.includes('('));
  const head = parts.slice(0, firstCall).join('.');
  return `${indent}${key}${head}${parts
    .slice(firstCall)
    .map((p) => `\n${indent}  .${p}`)
    .join('')},`;
}
export const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
