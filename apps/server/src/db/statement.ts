/**
 * Statements written as text, for the few hot paths where building the query through the ORM cost more than
 * running it (the workflow engine: about a third of the server's CPU per call went into query building).
 *
 * A statement is text with `?` placeholders plus its values; `withCtes` joins several into one round trip
 * (data-modifying CTEs run whether or not the main statement reads them); `run` numbers the placeholders
 * ($1, $2 … — the numbered text is cached) and sends it on the transaction's own connection. Values are bound as
 * parameters, never spliced into the text. Rows come back as the text names them (alias columns in camelCase);
 * int8 ids arrive as strings and timestamptz as Dates, as the ORM gives them.
 */
import type pg from 'pg';

export interface Statement {
  text: string;
  values: unknown[];
}

/** A statement: `text` with one `?` per value. */
export function stmt(text: string, ...values: unknown[]): Statement {
  return { text, values };
}

/** `main` with each part as a CTE before it (`with a as (…), b as (…) main`). */
export function withCtes(main: Statement, parts: [name: string, part: Statement][]): Statement {
  if (!parts.length) return main;
  const text = `with ${parts.map(([name, p]) => `${name} as (${p.text})`).join(', ')} ${main.text}`;
  return { text, values: [...parts.flatMap(([, p]) => p.values), ...main.values] };
}

/** `(?, ?, …), (…)`: the VALUES list of `rows` rows of `cols` columns (cached). */
export function valuesList(rows: number, cols: number): string {
  const key = rows * 1000 + cols;
  let v = lists.get(key);
  if (!v) {
    const one = `(${Array.from({ length: cols }, () => '?').join(', ')})`;
    v = Array.from({ length: rows }, () => one).join(', ');
    if (lists.size > 1000) lists.clear();
    lists.set(key, v);
  }
  return v;
}
const lists = new Map<number, string>();

const numbered = new Map<string, string>();
function number(text: string): string {
  let out = numbered.get(text);
  if (out === undefined) {
    let i = 0;
    out = text.replace(/\?/g, () => `$${++i}`);
    if (numbered.size > 2000) numbered.clear();
    numbered.set(text, out);
  }
  return out;
}

/** A JSON value for a jsonb parameter (pg would send a top-level array as a PostgreSQL array). */
export const json = (v: unknown) => JSON.stringify(v ?? null);

/** The connection of a transaction (drizzle's node-postgres session keeps its client as `session.client`). */
function clientOf(tx: unknown): pg.ClientBase {
  const c = (tx as { session?: { client?: pg.ClientBase } }).session?.client;
  if (!c || typeof c.query !== 'function') throw new Error('statement: the transaction has no database client');
  return c;
}

/** Runs a statement on the transaction's connection; returns its rows. */
export async function run<T = Record<string, unknown>>(tx: unknown, s: Statement): Promise<T[]> {
  const r = await clientOf(tx).query({ text: number(s.text), values: s.values });
  return r.rows as T[];
}
