/**
 * The users screen at scale: 100 000 users in one tenant on PostgreSQL, a paged, filtered user list through our
 * HTTP route (`/api/blade-user/page`: gate, data scope, filters, page + count, display names, envelope) against the
 * same page and count SQL run directly through `pg` in the same run, with the same concurrency. Goal: the route
 * keeps ≥ 50% of the raw SQL's throughput.
 *
 * Scratch database: created on TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres)
 * and dropped at the end. The server runs as a child process (as in production) so that the load generator does
 * not share its event loop.
 *
 * Indexes that serve this list (written by hand at the end of the baseline migration):
 *   idx_user_tenant_time (tenant_id, create_time desc, id desc)   the default order inside a tenant, LIMIT-friendly
 *   idx_user_dept_ids    gin (string_to_array(dept_id, ','))        the department-subtree filter (array overlap)
 *   idx_user_role_ids / idx_user_post_ids  gin on the role and post id lists (grants, relations, in-use checks)
 */
import { and, count, desc, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { adminToken, benchPort, cannon, runAlone, scratchPool, startScratchServer } from './harness.ts';

const BASIC = `Basic ${Buffer.from('swp_web:swp_web_secret').toString('base64')}`;
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const CONNECTIONS = 10;

/** `workers` loops running `fn` for `seconds`; returns completed runs per second and latency percentiles. */
async function loop(workers: number, seconds: number, fn: () => Promise<unknown>) {
  const until = Date.now() + seconds * 1000;
  const lat: number[] = [];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        await fn();
        lat.push(performance.now() - t0);
      }
    }),
  );
  lat.sort((a, b) => a - b);
  const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((lat.length * p) / 100))];
  return { rps: lat.length / seconds, p50: pct(50), p99: pct(99) };
}

/** 100k users: names, phones, one or two of the tenant's departments, a role and a post, spread over two years. */
async function fillUsers(pool: pg.Pool, n: number) {
  const client = await pool.connect();
  try {
    const ids = async (sql: string) => (await client.query<{ id: string }>(sql)).rows.map((r) => r.id);
    const depts = await ids(
      `select id::text as id from blade_dept where tenant_id = '000000' and is_deleted = 0 order by id`,
    );
    const roles = await ids(
      `select id::text as id from blade_role where tenant_id = '000000' and is_deleted = 0 and role_alias <> 'administrator'`,
    );
    const posts = await ids(`select id::text as id from blade_post where tenant_id = '000000' and is_deleted = 0`);
    const [{ password }] = (
      await client.query<{ password: string }>(
        `select password from blade_user where account = 'admin' and tenant_id = '000000'`,
      )
    ).rows;
    await client.query(
      `insert into blade_user (id, tenant_id, code, user_type, account, password, name, real_name, email, phone, sex,
         role_id, dept_id, post_id, create_time, update_time, status, is_deleted)
       select 800000000000000000 + g, '000000', 'B' || lpad(g::text, 8, '0'), 1 + (g % 20 = 0)::int,
         'bench' || lpad(g::text, 6, '0'), $1,
         (array['张','王','李','赵','刘','陈','杨','黄','周','吴'])[1 + g % 10] || (array['伟','芳','娜','敏','静','强','磊','洋','勇','军','杰','涛'])[1 + (g / 10) % 12],
         (array['张','王','李','赵','刘','陈','杨','黄','周','吴'])[1 + g % 10] || (array['伟','芳','娜','敏','静','强','磊','洋','勇','军','杰','涛'])[1 + (g / 10) % 12] || (g % 97)::text,
         'bench' || g || '@hfwater.example.com', '139' || lpad((g % 100000000)::text, 8, '0'), 1 + g % 2,
         ($2::text[])[1 + g % array_length($2::text[], 1)],
         ($3::text[])[1 + g % array_length($3::text[], 1)] || case when g % 7 = 0 then ',' || ($3::text[])[1 + (g / 7) % array_length($3::text[], 1)] else '' end,
         ($4::text[])[1 + g % array_length($4::text[], 1)],
         now() - make_interval(secs => (g * 631) % 63072000), now(), case when g % 50 = 0 then 0 else 1 end, 0
       from generate_series(1, $5::int) as g`,
      [password, roles, depts, posts, n],
    );
    await client.query('analyze blade_user');
  } finally {
    client.release();
  }
}

export async function benchUsers(): Promise<{ name: string; lines: string[] }> {
  const lines: string[] = [];
  const port = benchPort(18230);
  const { url, close } = await startScratchServer('users', port, 600_000);
  const pool = scratchPool(url, CONNECTIONS);
  try {
    const t0 = Date.now();
    await fillUsers(pool, USERS);
    const fillMs = Date.now() - t0;

    const headers = { authorization: BASIC, 'blade-auth': `bearer ${await adminToken(port, '000000')}` };

    // the filter: a department subtree (管网分公司 and its three teams) and enabled users, page 3 of 10
    const [{ id: deptId }] = (
      await pool.query<{ id: string }>(
        `select id::text as id from blade_dept where dept_name = '管网分公司' and tenant_id = '000000'`,
      )
    ).rows;
    const query = { current: '3', size: '10', deptId, status: '1' };
    const qs = new URLSearchParams(query).toString();
    const pageUrl = `http://127.0.0.1:${port}/api/blade-user/page?${qs}`;

    // the same SQL the route runs for its page and its count, generated by the same resource definition
    const { userResource } = await import('../apps/server/src/modules/user/index.ts');
    const { user } = await import('../apps/server/src/db/schema.ts');
    const db = drizzle(pool);
    const req = {
      tenantId: '000000',
      user: { isAdmin: true, tenantId: '000000', userId: '0', roleIds: [], deptIds: [] },
    } as any;
    const conds: SQL[] = await userResource.conditions({ db } as any, req, query);
    const where = and(...conds);
    const pageSql = db
      .select()
      .from(user)
      .where(where)
      .orderBy(desc(user.createTime), desc(user.id))
      .limit(10)
      .offset(20)
      .toSQL();
    const countSql = db.select({ n: count() }).from(user).where(where).toSQL();
    const direct = () =>
      Promise.all([pool.query(pageSql.sql, pageSql.params), pool.query(countSql.sql, countSql.params)]);

    // both answer the same rows
    const viaHttp = (await fetch(pageUrl, { headers }).then((r) => r.json())) as any;
    const [pageRes, countRes] = await direct();
    const rows = pageRes.rows;
    const n = Number(Object.values(countRes.rows[0])[0]);
    const same =
      viaHttp.data.total === n &&
      viaHttp.data.records.map((r: any) => String(r.id)).join() === rows.map((r: any) => String(r.id)).join();
    if (!same)
      throw new Error(
        `the route and the direct SQL disagree: ${JSON.stringify(viaHttp).slice(0, 300)} vs ${n} ${rows.map((r: any) => r.id).join()}`,
      );
    const plan = (await pool.query(`explain ${pageSql.sql}`, pageSql.params)).rows.map(
      (r: any) => r['QUERY PLAN'] as string,
    );
    const planCount = (await pool.query(`explain ${countSql.sql}`, countSql.params)).rows.map(
      (r: any) => r['QUERY PLAN'] as string,
    );

    const seconds = Number(process.env.BENCH_SECONDS ?? 8);
    // warm both paths
    await cannon({ url: pageUrl, connections: CONNECTIONS, duration: 2, headers });
    await loop(CONNECTIONS, 2, direct);
    const http = await cannon({ url: pageUrl, connections: CONNECTIONS, duration: seconds, headers });
    const raw = await loop(CONNECTIONS, seconds, direct);
    const ratio = http.requests.average / raw.rps;
    const bad = http.non2xx + http.errors;

    // unfiltered first page (the screen's first view) for reference
    const firstUrl = `http://127.0.0.1:${port}/api/blade-user/page?current=1&size=10`;
    const first = await cannon({
      url: firstUrl,
      connections: CONNECTIONS,
      duration: Math.max(3, seconds / 2),
      headers,
    });

    lines.push('| figure | measured | goal | met |', '|---|---|---|---|');
    lines.push(
      `| paged, filtered user list (${USERS.toLocaleString('en')} users, dept subtree + status, page 3 of ${Math.ceil(Number(n) / 10)}): HTTP route vs the same page + count SQL through \`pg\` | ${Math.round(http.requests.average)} vs ${Math.round(raw.rps)} req/s = ${(ratio * 100).toFixed(0)}%${bad ? ` (${bad} errors!)` : ''} | ≥ 50% | ${ratio >= 0.5 && !bad ? 'yes' : 'no'} |`,
    );
    lines.push(
      `| latency of the route, p50 / p99 | ${http.latency.p50} / ${http.latency.p99} ms (direct SQL ${raw.p50.toFixed(1)} / ${raw.p99.toFixed(1)} ms) | | |`,
    );
    lines.push(
      `| first page, no filter (the screen's first view) | ${Math.round(first.requests.average)} req/s, p99 ${first.latency.p99} ms | | |`,
    );
    lines.push(
      `| filling ${USERS.toLocaleString('en')} users (one INSERT … SELECT + ANALYZE) | ${(fillMs / 1000).toFixed(1)} s | | |`,
    );
    lines.push(
      '',
      `Load: ${CONNECTIONS} connections, ${seconds} s each, same machine, same run; server as a child process on PostgreSQL (pool of 10),`,
      `direct SQL through a \`pg\` pool of ${CONNECTIONS} in the bench process. The route also signs the request in (gate), decorates the`,
      'rows with tenant, role, department, post and dictionary names (one extra query) and serialises the envelope.',
      '',
      'Plans (PostgreSQL):',
      '',
      '```',
      ...plan.map((l) => `page:  ${l}`),
      ...planCount.map((l) => `count: ${l}`),
      '```',
      '',
      'Indexes (written by hand in the baseline migration): `idx_user_tenant_time (tenant_id, create_time desc, id desc)` for the default',
      "order, `idx_user_dept_ids` GIN on `string_to_array(dept_id, ',')` for the department-subtree filter (array overlap),",
      'and GIN indexes on the role and post id lists for grants, relations and in-use checks.',
    );
  } finally {
    await pool.end();
    await close();
  }
  return { name: 'Users: paged, filtered list over 100k users (PostgreSQL)', lines };
}

// `node --import tsx bench/users.ts` runs this benchmark alone
await runAlone(import.meta.url, benchUsers);
