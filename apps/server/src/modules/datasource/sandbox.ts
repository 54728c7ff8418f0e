/**
 * The sandbox of data interfaces on the platform's own database. Such an interface runs
 * - in a READ ONLY transaction with `statement_timeout` (and `standard_conforming_strings` on, so the statement
 *   check reads literals as the server does);
 * - as `swp_interface_reader` (`SET LOCAL ROLE`): a NOLOGIN role without superuser rights, granted SELECT only on
 *   the columns of tenant tables (tables with `tenant_id`) whose names do not say secret (passwords, salts, tokens,
 *   keys); secret tables (blade_auth_key, ds_secret, …), the catalogues' protected views (pg_shadow, pg_authid) and
 *   the file and admin functions (superuser-only) stay out of its reach;
 * - seeing only the caller's tenant: row-level security on every granted table, a policy for that role only,
 *   `tenant_id::text = current_setting('swp.tenant_id', true)`, set by the server before the role is taken (the statement
 *   check refuses `set_config`, so a query cannot change it). The tables' owner (the server itself) bypasses
 *   row-level security as before, so no other query changes.
 * The role, grants and policies are (re)made at every start (seed), so tables and columns added later are covered.
 *
 * Time limit: PostgreSQL cancels the statement at `statement_timeout`. The embedded database (PGlite) runs a
 * statement to its end whatever the timeout (it has no timer interrupts), holding its only connection, so there the
 * limit is enforced before the statement runs: the planner's estimated cost (EXPLAIN, with the call's parameter
 * values) must fit the time allowed (EMBEDDED_COST_PER_MS), WITH RECURSIVE is refused, and a statement that still
 * outran its time is refused once it returns. Only the platform administrator writes such interfaces.
 */
import type { PoolClient } from 'pg';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { PLATFORM_TENANT } from '../../core/tenancy.ts';

export const INTERFACE_ROLE = 'swp_interface_reader';
/** planner cost units the embedded database gets through per millisecond (measured: ~50 on a loaded 2-core box) */
export const EMBEDDED_COST_PER_MS = 50;

/** tables an interface never reads (besides every table without tenant_id) */
const SECRET_TABLE = /secret|auth_key|token|session|oauth|credential|captcha/i;
/** columns an interface never reads */
const SECRET_COLUMN = /password|passwd|pwd|secret|salt|token|private|credential|_enc$|api_key|access_key|sign_key/i;

const qi = (s: string) => `"${s.replace(/"/g, '""')}"`;

const ready = new WeakMap<object, Promise<void>>();

/** Makes (once per process and database) the reader role, its column grants and the tenant policies. */
export function ensureInterfaceReader(ctx: Pick<AppContext, 'database'>): Promise<void> {
  let p = ready.get(ctx.database);
  if (!p) {
    p = setUp(ctx).catch((e) => {
      ready.delete(ctx.database);
      throw e;
    });
    ready.set(ctx.database, p);
  }
  return p;
}

async function setUp(ctx: Pick<AppContext, 'database'>) {
  const client = await ctx.database.pool.connect();
  try {
    await client.query('begin');
    // one instance at a time (several share a PostgreSQL)
    await client.query('select pg_advisory_xact_lock(7261131)');
    const exists = await client.query('select 1 from pg_roles where rolname = $1', [INTERFACE_ROLE]);
    if (!exists.rowCount) {
      // roles belong to the server, not the database: another database on it may make it at the same moment
      await client.query('savepoint swp_role');
      try {
        await client.query(`create role ${INTERFACE_ROLE} nologin nosuperuser nocreatedb nocreaterole`);
      } catch (e) {
        if (!['42710', '23505'].includes(String((e as { code?: string }).code))) throw e;
        await client.query('rollback to savepoint swp_role');
      }
    }
    const me = (await client.query('select rolsuper from pg_roles where rolname = current_user')).rows[0];
    // SET ROLE needs membership unless the server's role is a superuser
    if (!me?.rolsuper) await client.query(`grant ${INTERFACE_ROLE} to current_user`);
    await client.query(`revoke all on all tables in schema public from ${INTERFACE_ROLE}`);
    const cols = await client.query<{ table: string; column: string }>(
      `select c.table_name as "table", c.column_name as "column"
         from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and exists (select 1 from information_schema.columns k where k.table_schema = 'public'
                        and k.table_name = c.table_name and k.column_name = 'tenant_id')
        order by c.table_name, c.ordinal_position`,
    );
    const byTable = new Map<string, string[]>();
    for (const r of cols.rows) {
      if (SECRET_TABLE.test(r.table) || SECRET_COLUMN.test(r.column)) continue;
      byTable.set(r.table, [...(byTable.get(r.table) ?? []), r.column]);
    }
    const policies = new Set(
      (
        await client.query<{ t: string }>(
          `select tablename as t from pg_policies where schemaname = 'public' and policyname = 'swp_interface_tenant'`,
        )
      ).rows.map((r) => r.t),
    );
    const secured = new Set(
      (
        await client.query<{ t: string }>(
          `select c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relrowsecurity`,
        )
      ).rows.map((r) => r.t),
    );
    for (const [table, columns] of byTable) {
      await client.query(`grant select (${columns.map(qi).join(', ')}) on ${qi(table)} to ${INTERFACE_ROLE}`);
      if (!secured.has(table)) await client.query(`alter table ${qi(table)} enable row level security`);
      if (!policies.has(table))
        await client.query(
          `create policy swp_interface_tenant on ${qi(table)} for select to ${INTERFACE_ROLE}
             using (tenant_id::text = current_setting('swp.tenant_id', true))`,
        );
    }
    await client.query('commit');
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** Refuses on the embedded database a statement whose estimated cost does not fit its time (see the top). */
async function assertFitsTime(client: PoolClient, sqlText: string, params: unknown[], timeoutMs: number) {
  const plan = (await client.query(`explain (format json) ${sqlText}`, params)).rows[0]?.['QUERY PLAN'];
  const cost = Number((Array.isArray(plan) ? plan[0] : plan)?.Plan?.['Total Cost']);
  if (!Number.isFinite(cost) || cost > timeoutMs * EMBEDDED_COST_PER_MS)
    throw badRequest(`查询预计耗时超过接口超时 ${timeoutMs} 毫秒 (statement timeout)，请增加查询条件`);
}

/**
 * Rows of a read on the own database in the sandbox: read only, as INTERFACE_ROLE, the tenant's rows only, within
 * `timeoutMs`.
 */
export async function readSandboxed(
  ctx: Pick<AppContext, 'database'>,
  tenantId: string,
  sqlText: string,
  params: unknown[],
  timeoutMs: number,
): Promise<Record<string, unknown>[]> {
  await ensureInterfaceReader(ctx).catch((e) => {
    throw badRequest(`本系统数据库的接口不可用：无法建立受限角色 ${INTERFACE_ROLE} (${e.message})`);
  });
  const embedded = ctx.database.kind === 'embedded';
  const limit = Math.max(100, Math.floor(timeoutMs));
  const client = await ctx.database.pool.connect();
  try {
    await client.query('begin read only');
    try {
      await client.query(`set local statement_timeout = ${limit}`);
      await client.query('set local standard_conforming_strings = on');
      await client.query(`select set_config('swp.tenant_id', $1, true)`, [tenantId || PLATFORM_TENANT]);
      await client.query(`set local role ${INTERFACE_ROLE}`);
      if (embedded) await assertFitsTime(client, sqlText, params, limit);
      const started = Date.now();
      const r = await client.query(sqlText, params);
      if (embedded && Date.now() - started > limit) throw new Error('canceling statement due to statement timeout');
      await client.query('commit');
      return r.rows as Record<string, unknown>[];
    } catch (e) {
      await client.query('rollback').catch(() => {});
      throw e;
    }
  } finally {
    client.release();
  }
}
