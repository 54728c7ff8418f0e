/**
 * The rules of the data-connection form: the database types the server speaks with their default ports, the port
 * that follows a type change, and the body a save or a connection test sends (the password travels only when
 * typed; `clearPassword: true` drops the stored one).
 */
import type { Row } from '../api/crud';

export const DB_TYPES = [
  { value: 'PostgreSQL', label: 'PostgreSQL', port: 5432 },
  { value: 'MySQL', label: 'MySQL (MariaDB)', port: 3306 },
] as const;

export const DEFAULT_DB_TYPE = 'PostgreSQL';

export function defaultPort(dbType: unknown): number | undefined {
  return DB_TYPES.find((d) => d.value === dbType)?.port;
}

/** The port after the type changes: the new default unless the user typed a port of their own. */
export function portAfterTypeChange(prevType: unknown, nextType: unknown, port: unknown): number | undefined {
  const empty = port === undefined || port === null || port === '';
  if (empty || Number(port) === defaultPort(prevType)) return defaultPort(nextType);
  return Number(port);
}

const CONNECTION = ['dbType', 'host', 'port', 'dbName', 'dbSchema', 'userName'] as const;
const SAVED = ['fullName', ...CONNECTION, 'sortCode', 'description', 'enabledMark'] as const;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** The password part of a body: a typed password, or the order to drop the stored one, or nothing (keep it). */
function passwordPart(values: Row): Row {
  if (values.clearPassword) return { password: '', clearPassword: true };
  return values.password ? { password: String(values.password) } : {};
}

/** The body of a save (add or edit): the known fields only, strings trimmed. */
export function sourceBody(values: Row, id?: string): Row {
  const out: Row = {};
  for (const k of SAVED) if (values[k] !== undefined) out[k] = trimmed(values[k]);
  if (out.dbSchema === '') out.dbSchema = null;
  return { ...out, ...passwordPart(values), ...(id ? { id } : {}) };
}

/**
 * The body of a test from the dialog: the connection as filled so far. An edited connection sends its id so the
 * server uses the stored password when none is typed, unless the dialog says to drop it.
 */
export function connectionBody(values: Row, id?: string): Row {
  const out: Row = {};
  for (const k of CONNECTION) if (values[k] !== undefined && values[k] !== null) out[k] = trimmed(values[k]);
  if (out.dbSchema === '') delete out.dbSchema;
  if (values.password) out.password = String(values.password);
  if (id && !values.clearPassword) out.id = id;
  return out;
}

/** What a successful test answers (`{ version, durationMs }` with the message 连接成功). */
export type TestAnswer = { msg: string; version: string; ms: number };

export function testAnswerOf(env: { msg?: string; data?: unknown }, fallbackMsg: string): TestAnswer {
  const d = (env.data ?? {}) as { version?: unknown; durationMs?: unknown };
  return {
    msg: env.msg || fallbackMsg,
    version: shortVersion(String(d.version ?? '')),
    ms: Number(d.durationMs ?? 0),
  };
}

/** A server version without its build details: `PostgreSQL 16.4 (Debian …) on x86_64…, compiled by …` → before ` on `. */
export function shortVersion(v: string): string {
  return v.split(/ on |, compiled by /)[0].trim();
}
