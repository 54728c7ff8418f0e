/**
 * Server-side prepared statements for hot paths. Inside `withPreparedStatements`, every statement with parameters
 * is named after its text: PostgreSQL parses and plans it once per connection and later runs only bind + execute
 * (planning was most of the database's CPU for the workflow engine's short statements; docs/workflow.md).
 *
 * Opt-in on purpose: a generic plan suits statements that find rows by key (the engine's), not searches whose best
 * plan depends on the values (a to-do list for a heavy assignee), and `select *` over tables that a user can alter
 * (data services) would fail with "cached plan must not change result type". Each connection keeps at most
 * MAX_PER_CONNECTION named statements; beyond that statements run unnamed as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import pg from 'pg';

const scope = new AsyncLocalStorage<boolean>();
const MAX_PER_CONNECTION = 256;
const NAMES_MAX = 4096;
const names = new Map<string, string>();

/** Runs `fn` with its statements prepared once per connection and reused afterwards. */
export function withPreparedStatements<T>(fn: () => Promise<T>): Promise<T> {
  return scope.run(true, fn);
}

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `swp_${crypto.createHash('sha1').update(text).digest('base64url')}`;
    if (names.size >= NAMES_MAX) names.clear();
    names.set(text, name);
  }
  return name;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
}

/** The pool's client: names the statements of a prepared scope (see above); otherwise a plain pg.Client. */
export class PreparingClient extends pg.Client {
  private namedCount = 0;

  // pg's query has a dozen overloads: every form is passed through
  override query(config: any, values?: any, callback?: any): any {
    const c = config as QueryConfigLike | string;
    if (
      scope.getStore() &&
      c &&
      typeof c === 'object' &&
      typeof c.text === 'string' &&
      !c.name &&
      c.text.includes('$1')
    ) {
      const name = nameOf(c.text);
      const parsed = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection
        .parsedStatements;
      const known = parsed[name] !== undefined;
      if (known || this.namedCount < MAX_PER_CONNECTION) {
        if (!known) this.namedCount++;
        const named = { ...(config as object), name } as pg.QueryConfig;
        return super.query(named as never, values, callback);
      }
    }
    return super.query(config, values, callback);
  }
}
