/**
 * Connections to data sources through real drivers: `pg` for PostgreSQL, `mysql2` for MySQL and MariaDB, and the
 * console's own database (id '0', platform administrators only) through its pool. Every read runs in a read-only
 * transaction with a statement timeout; a connection attempt has its own timeout. Identifiers are checked against
 * the source's catalogue before they are quoted into SQL. The embedded database (PGlite) cannot interrupt a running
 * statement (it ignores `statement_timeout`): there a statement that outran its timeout is refused with
 * PostgreSQL's own message once it returns, and its transaction rolled back, so a timeout means the same on both.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { ApiError, badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { type OutboundTarget, resolveOutbound, targetOfUrl } from '../../core/outbound.ts';

export type DbType = 'PostgreSQL' | 'MySQL';
export const DB_TYPES: { dbType: DbType; label: string; defaultPort: number; driverClass: string }[] = [
  { dbType: 'PostgreSQL', label: 'PostgreSQL', defaultPort: 5432, driverClass: 'org.postgresql.Driver' },
  { dbType: 'MySQL', label: 'MySQL / MariaDB', defaultPort: 3306, driverClass: 'com.mysql.cj.jdbc.Driver' },
];

export interface ConnSettings {
  dbType: DbType | 'internal';
  host: string;
  port: number;
  dbName: string;
  dbSchema?: string | null;
  userName: string;
  password: string;
  /**
   * the connection may go anywhere (the platform administrator's, or a source of the platform tenant); otherwise
   * the outbound wall holds (core/outbound.ts) and every connection failure answers the same, after the same time
   */
  trusted?: boolean;
}

export interface Column {
  name: string;
  type: string;
  nullable: boolean;
  primaryKey: boolean;
  comment: string | null;
}

export interface Session {
  kind: DbType | 'internal';
  /** rows of a read-only query with positional parameters (`$1` on PostgreSQL, `?` on MySQL) */
  read(sqlText: string, params: unknown[], timeoutMs: number): Promise<Record<string, unknown>[]>;
  /** a write (sync targets only) */
  write(sqlText: string, params: unknown[], timeoutMs: number): Promise<void>;
  tables(): Promise<{ table: string; comment: string | null; rows: number | null }[]>;
  columns(table: string): Promise<Column[]>;
  quote(ident: string): string;
  placeholder(i: number): string;
  /** `schema.table` (PostgreSQL) or `table` (MySQL), quoted */
  qualified(table: string): string;
  close(): Promise<void>;
}

export const CONNECT_TIMEOUT_MS = 5000;

const fail = (e: unknown, what: string): ApiError => {
  if (e instanceof ApiError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  return badRequest(`${what}: ${msg.slice(0, 300)}`);
};

const PG_TABLES = `select c.relname as "table", obj_description(c.oid) as "comment",
    case when c.reltuples < 0 then null else c.reltuples::bigint end as "rows"
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'p', 'v') and not c.relispartition order by c.relname`;
const PG_COLUMNS = `select a.attname as "name", format_type(a.atttypid, a.atttypmod) as "type", not a.attnotnull as "nullable",
    coalesce(a.attnum = any(i.indkey), false) as "primaryKey", col_description(c.oid, a.attnum) as "comment"
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  left join pg_index i on i.indrelid = c.oid and i.indisprimary
  where n.nspname = $1 and c.relname = $2 order by a.attnum`;

function pgSession(
  client: { query: pg.Pool['query'] },
  kind: 'PostgreSQL' | 'internal',
  schema: string,
  release: () => Promise<void>,
  /** the server ignores `statement_timeout` (embedded): refuse a statement that outran it when it returns */
  lateTimeout = false,
): Session {
  const run = async (sqlText: string, params: unknown[], timeoutMs: number, readOnly: boolean) => {
    const limit = Math.max(100, Math.floor(timeoutMs));
    await client.query(`begin${readOnly ? ' read only' : ''}`);
    try {
      await client.query(`set local statement_timeout = ${limit}`);
      const started = Date.now();
      const r = await client.query(sqlText, params);
      if (lateTimeout && Date.now() - started > limit) throw new Error('canceling statement due to statement timeout');
      await client.query('commit');
      return r.rows as Record<string, unknown>[];
    } catch (e) {
      await client.query('rollback').catch(() => {});
      throw e;
    }
  };
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  return {
    kind,
    read: (s, p, t) => run(s, p, t, true),
    write: async (s, p, t) => {
      await run(s, p, t, false);
    },
    tables: async () =>
      (await client.query(PG_TABLES, [schema])).rows.map((r) => ({
        ...r,
        rows: r.rows === null ? null : Number(r.rows),
      })),
    columns: async (table) => (await client.query(PG_COLUMNS, [schema, table])).rows as Column[],
    quote,
    placeholder: (i) => `$${i}`,
    qualified: (t) => `${quote(schema)}.${quote(t)}`,
    close: release,
  };
}

async function openPg(s: ConnSettings, address: string): Promise<Session> {
  const client = new pg.Client({
    host: address,
    port: s.port,
    database: s.dbName,
    user: s.userName,
    password: s.password,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: 60_000,
  });
  client.on('error', () => {});
  await client.connect();
  return pgSession(client, 'PostgreSQL', s.dbSchema || 'public', () => client.end());
}

async function openMysql(s: ConnSettings, address: string): Promise<Session> {
  const conn = await mysql.createConnection({
    host: address,
    port: s.port,
    database: s.dbName,
    user: s.userName,
    password: s.password,
    connectTimeout: CONNECT_TIMEOUT_MS,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
  conn.on('error', () => {});
  const run = async (sqlText: string, params: unknown[], timeoutMs: number, readOnly: boolean) => {
    await conn.query(readOnly ? 'start transaction read only' : 'start transaction');
    try {
      const [rows] = await conn.query({ sql: sqlText, values: params, timeout: Math.max(100, timeoutMs) });
      await conn.query('commit');
      return (Array.isArray(rows) ? rows : []) as Record<string, unknown>[];
    } catch (e) {
      await conn.query('rollback').catch(() => {});
      throw e;
    }
  };
  const quote = (x: string) => `\`${x.replace(/`/g, '``')}\``;
  return {
    kind: 'MySQL',
    read: (q, p, t) => run(q, p, t, true),
    write: async (q, p, t) => {
      await run(q, p, t, false);
    },
    tables: async () => {
      const [rows] = await conn.query(
        `select table_name as \`table\`, nullif(table_comment, '') as \`comment\`, table_rows as \`rows\`
           from information_schema.tables where table_schema = ? order by table_name`,
        [s.dbName],
      );
      return (rows as Record<string, unknown>[]).map((r) => ({
        table: String(r.table),
        comment: (r.comment as string | null) ?? null,
        rows: r.rows === null || r.rows === undefined ? null : Number(r.rows),
      }));
    },
    columns: async (table) => {
      const [rows] = await conn.query(
        `select column_name as name, column_type as type, is_nullable = 'YES' as nullable, column_key = 'PRI' as pk,
                nullif(column_comment, '') as comment
           from information_schema.columns where table_schema = ? and table_name = ? order by ordinal_position`,
        [s.dbName, table],
      );
      return (rows as Record<string, unknown>[]).map((r) => ({
        name: String(r.name),
        type: String(r.type),
        nullable: Number(r.nullable) === 1,
        primaryKey: Number(r.pk) === 1,
        comment: (r.comment as string | null) ?? null,
      }));
    },
    quote,
    placeholder: () => '?',
    qualified: (t) => quote(t),
    close: () => conn.end(),
  };
}

/**
 * How long an untrusted caller waits for any connection failure: a walled address, a closed port, a filtered one
 * (the connect timeout) and a refused login all answer `连接失败` after this long, so the answer is no port scanner.
 */
export const UNTRUSTED_FAILURE_MS = CONNECT_TIMEOUT_MS;

/** The server's own database (never reached by an untrusted caller, whatever the allow list says). */
const ownTargets = (ctx: AppContext): OutboundTarget[] => {
  const t = targetOfUrl(ctx.database.url);
  return t ? [t] : [];
};

/**
 * Opens a session on a source. The host is resolved once and checked by the outbound wall; the driver connects to
 * that address. A trusted caller's failure is a 400 naming the cause; an untrusted caller's is `连接失败`, always
 * after UNTRUSTED_FAILURE_MS.
 */
export async function openSession(ctx: AppContext, s: ConnSettings): Promise<Session> {
  if (s.dbType === 'internal') {
    try {
      const client = await ctx.database.pool.connect();
      return pgSession(client, 'internal', 'public', async () => client.release(), ctx.database.kind === 'embedded');
    } catch (e) {
      throw fail(e, '连接失败');
    }
  }
  if (s.dbType !== 'PostgreSQL' && s.dbType !== 'MySQL') throw badRequest(`不支持的数据库类型: ${s.dbType}`);
  const started = Date.now();
  try {
    const address = await resolveOutbound(
      { host: s.host, port: s.port },
      { trusted: !!s.trusted, protectedTargets: ownTargets(ctx) },
    );
    return s.dbType === 'PostgreSQL' ? await openPg(s, address) : await openMysql(s, address);
  } catch (e) {
    if (s.trusted) throw fail(e, '连接失败');
    const rest = UNTRUSTED_FAILURE_MS - (Date.now() - started);
    if (rest > 0) await new Promise((ok) => setTimeout(ok, rest));
    throw badRequest('连接失败');
  }
}

/** Runs `fn` on a session and closes it; driver errors become 400s with the driver's message. */
export async function withSession<T>(
  ctx: AppContext,
  s: ConnSettings,
  fn: (x: Session) => Promise<T>,
  what = '查询失败',
): Promise<T> {
  const session = await openSession(ctx, s);
  try {
    return await fn(session);
  } catch (e) {
    throw fail(e, what);
  } finally {
    await session.close().catch(() => {});
  }
}

/** A table of the source, checked against its catalogue (so that it may be quoted into SQL). */
export async function knownTable(x: Session, table: string): Promise<string> {
  const t = (await x.tables()).find((r) => r.table === table);
  if (!t) throw badRequest(`数据表不存在: ${table}`);
  return t.table;
}
