/**
 * Online modules at scale: a published module (meter readings: meter number, customer, district, status, reading,
 * date, remark, creator, creation time; district, status, date and meter number searchable) holding 100,000 JSONB
 * records in `lc_record` (written as the module writes them, with the indexed copy `search` of the search fields),
 * listed through the module's list route (`POST /api/visualdev/OnlineDev/{id}/List`: gate,
 * per-module grant, module design, filters compiled from the form, count + page, envelope) against the same page and
 * count written by hand against a typed table holding the same data (`bench_lc_typed`: real columns, btree indexes
 * on (tenant, filter column, order) and on (tenant, order)), served by a tiny Fastify route in a second child process (no sign-in),
 * with the same load in the same run. Goal: the module's route keeps ≥ 50% of the typed route's throughput.
 *
 * Scratch database `bench_lc_<pid>` on TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/
 * postgres), dropped at the end; both servers are child processes so that the load generator does not share their
 * event loop. Run alone: `npm run bench -- lowcode`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import pg from 'pg';
import { benchPort, cannon, queryGrant, scratchPool, startScratchServer, stop, waitHealthy } from './harness.ts';

const root = path.resolve(import.meta.dirname, '..');
const BASIC = `Basic ${Buffer.from('swp_web:swp_web_secret').toString('base64')}`;
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const CONNECTIONS = 10;
const PORT = benchPort(18360);
const TYPED_PORT = PORT + 1;
const TENANT = '000000';

const DISTRICTS = ['蜀山区', '包河区', '庐阳区', '瑶海区', '高新区', '经开区', '政务区', '滨湖区', '新站区', '肥西县'];
const field = (jnpfKey: string, vModel: string, label: string, cfg: Record<string, unknown> = {}, extra = {}) => ({
  __config__: { jnpfKey, label, ...cfg },
  __vModel__: vModel,
  ...extra,
});
export const FORM = {
  fields: [
    field('input', 'meterNo', '表号', { required: true }, { maxlength: 20 }),
    field('input', 'customer', '用户名称', { required: true }, { maxlength: 50 }),
    field(
      'select',
      'district',
      '所属区域',
      { required: true },
      { options: DISTRICTS.map((n, i) => ({ id: `d${String(i + 1).padStart(2, '0')}`, fullName: n })) },
    ),
    field(
      'select',
      'status',
      '状态',
      { required: true },
      {
        options: [
          { id: 'normal', fullName: '正常' },
          { id: 'fault', fullName: '故障' },
          { id: 'stopped', fullName: '停用' },
        ],
      },
    ),
    field('inputNumber', 'reading', '读数(m³)', {}, { min: 0, precision: 1 }),
    field('datePicker', 'readDay', '抄表日期', {}, { format: 'yyyy-MM-dd' }),
    field('textarea', 'remark', '备注', {}, { maxlength: 200 }),
    field('createUser', 'creator', '创建人'),
    field('createTime', 'createdAt', '创建时间'),
  ],
};
export const COLUMNS = {
  columnList: ['meterNo', 'customer', 'district', 'status', 'reading', 'readDay', 'createdAt'].map((prop) => ({
    prop,
    label: prop,
  })),
  searchList: ['district', 'status', 'readDay', 'meterNo'].map((prop) => ({ prop, label: prop })),
  btnsList: [{ value: 'add' }],
  columnBtnsList: [{ value: 'edit' }],
};

// ------------------------------------------------------------------------------------ the hand-written typed route

/** The same page and count over the typed table, by hand: what a developer writes for one fixed table. */
const TYPED_COLUMNS = `id::text as id, meter_no as "meterNo", customer, district, status, reading::float8 as reading,
  to_char(read_day, 'YYYY-MM-DD') as "readDay", remark, creator::text as creator,
  to_char(created_at, 'YYYY-MM-DD HH24:MI:SS') as "createdAt"`;

async function typedServer() {
  const { default: Fastify } = await import('fastify');
  const pool = new pg.Pool({ connectionString: process.env.BENCH_DB_URL, max: CONNECTIONS });
  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ ok: true }));
  app.post('/typed/List', async (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const currentPage = Math.max(1, Number(b.currentPage) || 1);
    const pageSize = Math.min(Math.max(1, Number(b.pageSize) || 20), 10_000);
    const q = typeof b.queryJson === 'string' && b.queryJson ? JSON.parse(b.queryJson) : {};
    const params: unknown[] = [TENANT];
    let where = 'tenant_id = $1 and is_deleted = 0';
    if (q.district) {
      params.push(String(q.district));
      where += ` and district = $${params.length}`;
    }
    // count and page as two queries at once (as users.ts's direct SQL does)
    const [total, rows] = await Promise.all([
      pool.query<{ n: string }>(`select count(*) as n from bench_lc_typed where ${where}`, params),
      pool.query(
        `select ${TYPED_COLUMNS} from bench_lc_typed where ${where}
         order by create_time desc, id desc limit ${pageSize} offset ${(currentPage - 1) * pageSize}`,
        params,
      ),
    ]);
    return {
      code: 200,
      success: true,
      data: { list: rows.rows, pagination: { currentPage, pageSize, total: Number(total.rows[0].n) } },
      msg: '操作成功',
    };
  });
  await app.listen({ port: Number(process.env.BENCH_TYPED_PORT), host: '127.0.0.1' });
  process.on('SIGTERM', async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}

// ------------------------------------------------------------------------------------------------------ the bench

/**
 * 100k records as the module writes them (value fields only, numbers as numbers, dates as text, the system fields
 * filled: creator and creation time; `search` holding the search fields' values), over a year, in one
 * INSERT … SELECT; then the typed copy.
 */
export async function fill(pool: pg.Pool, moduleId: string, userId: string, deptId: string | null, n: number) {
  await pool.query(
    `insert into lc_record (id, tenant_id, module_id, data, search, create_user, create_dept, create_time, update_user,
       update_time, version, is_deleted)
     select id, $1, $2, data,
       jsonb_build_object('district', data->'district', 'status', data->'status', 'readDay', data->'readDay',
         'meterNo', data->'meterNo'),
       $3::bigint, $4::bigint, t, $3::bigint, t, 1, 0
     from (select 800000000000000000 + g as id, t,
       jsonb_build_object(
         'meterNo', 'M' || lpad(g::text, 8, '0'),
         'customer', (array['张','王','李','赵','刘','陈','杨','黄','周','吴'])[1 + g % 10]
           || (array['伟','芳','娜','敏','静','强','磊','洋','勇','军','杰','涛'])[1 + (g / 10) % 12] || '户' || (g % 997),
         'district', 'd' || lpad((1 + g % 10)::text, 2, '0'),
         'status', (array['normal','normal','normal','normal','fault','stopped'])[1 + (g / 10) % 6],
         'reading', round(((g * 7.3) % 10000)::numeric, 1),
         'readDay', to_char(t::date, 'YYYY-MM-DD'),
         'remark', case when g % 5 = 0 then '表井积水，已清理' else '' end,
         'creator', $3::text,
         'createdAt', to_char(t, 'YYYY-MM-DD HH24:MI:SS')) as data
       from generate_series(1, $5::int) as g,
         lateral (select now() - make_interval(secs => (g * 631) % 31536000) as t) as x) as r`,
    [TENANT, moduleId, userId, deptId, n],
  );
  await pool.query(`
    create table bench_lc_typed (
      id bigint primary key, tenant_id varchar(12) not null, meter_no varchar(20) not null, customer varchar(50) not null,
      district varchar(16) not null, status varchar(16) not null, reading numeric(12, 1), read_day date,
      remark varchar(200), creator bigint, created_at timestamp, create_time timestamptz not null,
      is_deleted int not null default 0)`);
  await pool.query(
    `insert into bench_lc_typed
     select id, tenant_id, data->>'meterNo', data->>'customer', data->>'district', data->>'status',
       (data->>'reading')::numeric, (data->>'readDay')::date, data->>'remark', (data->>'creator')::bigint,
       (data->>'createdAt')::timestamp, create_time, is_deleted
     from lc_record where module_id = $1`,
    [moduleId],
  );
  // the indexes a developer would give this list: the order, and the filter column followed by the order (with the
  // tenant first, as the list filters on it), so that a filtered page reads in order and a filtered count reads the
  // index alone, as the module's search indexes do
  await pool.query(
    'create index bench_lc_typed_time on bench_lc_typed (tenant_id, create_time desc, id desc) where is_deleted = 0',
  );
  await pool.query(
    'create index bench_lc_typed_district on bench_lc_typed (tenant_id, district, create_time desc, id desc) where is_deleted = 0',
  );
  await pool.query('vacuum analyze lc_record');
  await pool.query('vacuum analyze bench_lc_typed');
}

export async function benchLowcode(): Promise<{ name: string; lines: string[] }> {
  const lines: string[] = [];
  const { url, close } = await startScratchServer('lc', PORT, 600_000);
  let typed: ChildProcess | undefined;
  const pool = scratchPool(url, 2);
  try {
    const tok = (await queryGrant(`http://127.0.0.1:${PORT}`, TENANT, 'admin', 'admin')) as {
      access_token: string;
      user_id: string;
      dept_id?: string;
    };
    const headers = {
      authorization: BASIC,
      'blade-auth': `bearer ${tok.access_token}`,
      'content-type': 'application/json',
    };
    const api = async (method: string, p: string, body?: unknown) => {
      const r = await fetch(`http://127.0.0.1:${PORT}/api${p}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const j = (await r.json()) as any;
      if (!r.ok || j.code !== 200) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(j).slice(0, 300)}`);
      return j.data;
    };

    // the module, designed and published through the API as the design screen does (publishing indexes the search fields)
    const { id: moduleId } = await api('POST', '/visualdev/Base', {
      fullName: '抄表记录',
      enCode: 'bench_meter_reading',
      category: '基准测试',
      formData: JSON.stringify(FORM),
      columnData: JSON.stringify(COLUMNS),
    });
    await api('POST', `/visualdev/Base/${moduleId}/Actions/Release`, {});
    // one record through the API: the shape the bulk fill copies
    await api('POST', `/visualdev/OnlineDev/${moduleId}`, {
      data: JSON.stringify({
        meterNo: 'M_API',
        customer: '接口户',
        district: 'd01',
        status: 'normal',
        reading: 12.5,
        readDay: '2026-05-01',
        remark: '',
      }),
    });
    const [viaApi] = (
      await pool.query<{
        data: Record<string, unknown>;
        search: Record<string, unknown>;
        create_user: string;
        create_dept: string | null;
      }>('select data, search, create_user::text, create_dept::text from lc_record where module_id = $1', [moduleId])
    ).rows;
    await pool.query('delete from lc_record where module_id = $1', [moduleId]);

    const t0 = Date.now();
    await fill(pool, moduleId, viaApi.create_user, viaApi.create_dept, RECORDS);
    const fillMs = Date.now() - t0;
    const [sample] = (
      await pool.query<{ data: Record<string, unknown>; search: Record<string, unknown> }>(
        'select data, search from lc_record where module_id = $1 limit 1',
        [moduleId],
      )
    ).rows;
    const shape = (d: Record<string, unknown>) =>
      Object.entries(d)
        .map(([k, v]) => `${k}:${typeof v}`)
        .sort()
        .join();
    if (shape(sample.data) !== shape(viaApi.data) || shape(sample.search) !== shape(viaApi.search))
      throw new Error(
        `bulk records differ from the module's: ${shape(sample.data)} ${shape(sample.search)} vs ${shape(viaApi.data)} ${shape(viaApi.search)}`,
      );

    typed = spawn(process.execPath, ['--import', 'tsx', 'bench/lowcode.ts', '--typed-server'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, BENCH_DB_URL: url, BENCH_TYPED_PORT: String(TYPED_PORT) },
    });
    await waitHealthy(`http://127.0.0.1:${TYPED_PORT}/health`, 60_000, typed);

    // the filter: one district (a select field, searchable), page 3 of 20 rows
    const filtered = { currentPage: 3, pageSize: 20, queryJson: JSON.stringify({ district: 'd03' }) };
    const moduleUrl = `http://127.0.0.1:${PORT}/api/visualdev/OnlineDev/${moduleId}/List`;
    const typedUrl = `http://127.0.0.1:${TYPED_PORT}/typed/List`;
    const post = async (u: string, body: unknown) =>
      ((await fetch(u, { method: 'POST', headers, body: JSON.stringify(body) }).then((r) => r.json())) as any).data;

    // both answer the same page
    const [m, t] = await Promise.all([post(moduleUrl, filtered), post(typedUrl, filtered)]);
    const norm = (l: Record<string, unknown>[]) =>
      JSON.stringify(l.map((r) => Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1))));
    if (m.pagination.total !== t.pagination.total || norm(m.list) !== norm(t.list))
      throw new Error(
        `the module and the typed route disagree: ${JSON.stringify(m).slice(0, 400)} vs ${JSON.stringify(t).slice(0, 400)}`,
      );

    const seconds = Number(process.env.BENCH_SECONDS ?? 8);
    const load = (u: string, body: unknown, duration: number) =>
      cannon({ url: u, method: 'POST', body: JSON.stringify(body), headers, connections: CONNECTIONS, duration });
    // warm both, then module, typed, module, typed: the machine's load at any moment weighs on both alike
    await load(moduleUrl, filtered, 2);
    await load(typedUrl, filtered, 2);
    const load0 = os.loadavg()[0];
    const runs: { mod: autocannon.Result; typ: autocannon.Result }[] = [];
    for (let i = 0; i < 2; i++) {
      const mod = await load(moduleUrl, filtered, seconds / 2);
      const typ = await load(typedUrl, filtered, seconds / 2);
      runs.push({ mod, typ });
    }
    const sum = (k: 'mod' | 'typ', f: (r: autocannon.Result) => number) => runs.reduce((s, r) => s + f(r[k]), 0);
    const modRps = sum('mod', (r) => r.requests.total) / seconds;
    const typRps = sum('typ', (r) => r.requests.total) / seconds;
    const bad = sum('mod', (r) => r.non2xx + r.errors) + sum('typ', (r) => r.non2xx + r.errors);
    const ratio = modRps / typRps;
    const lat = (k: 'mod' | 'typ') => runs[runs.length - 1][k].latency;

    // unfiltered first page, for reference
    const first = { currentPage: 1, pageSize: 20 };
    const mFirst = await load(moduleUrl, first, Math.max(2, seconds / 4));
    const tFirst = await load(typedUrl, first, Math.max(2, seconds / 4));

    const explain = async (sql: string, params: unknown[]) =>
      (await pool.query(`explain ${sql}`, params)).rows.map((r: any) => r['QUERY PLAN'] as string);
    // the route's SQL: the filter on a search field reads the indexed copy `search` (records.ts filterConditions)
    const where = `module_id = $1 and tenant_id = $2 and is_deleted = 0 and (search->>'district') = $3`;
    const planPage = await explain(
      `select id, data from lc_record where ${where} order by create_time desc, id desc limit 20 offset 40`,
      [moduleId, TENANT, 'd03'],
    );
    const planCount = await explain(`select count(*) from lc_record where ${where}`, [moduleId, TENANT, 'd03']);
    const typedWhere = `tenant_id = $1 and is_deleted = 0 and district = $2`;
    const planTypedPage = await explain(
      `select * from bench_lc_typed where ${typedWhere} order by create_time desc, id desc limit 20 offset 40`,
      [TENANT, 'd03'],
    );
    const planTypedCount = await explain(`select count(*) from bench_lc_typed where ${typedWhere}`, [TENANT, 'd03']);

    lines.push('| figure | measured | goal | met |', '|---|---|---|---|');
    lines.push(
      `| online module's paged, filtered list (${RECORDS.toLocaleString('en')} JSONB records, district = one of 10, page 3 of ${Math.ceil(m.pagination.total / 20)}): module route vs the same page + count by hand on a typed table, both over HTTP | ${Math.round(modRps)} vs ${Math.round(typRps)} req/s = ${(ratio * 100).toFixed(0)}%${bad ? ` (${bad} errors!)` : ''} | ≥ 50% | ${ratio >= 0.5 && !bad ? 'yes' : 'no'} |`,
    );
    lines.push(
      `| latency p50 / p99, module route vs typed route | ${lat('mod').p50} / ${lat('mod').p99} ms vs ${lat('typ').p50} / ${lat('typ').p99} ms | | |`,
    );
    lines.push(
      `| first page, no filter: module vs typed | ${Math.round(mFirst.requests.average)} vs ${Math.round(tFirst.requests.average)} req/s = ${((mFirst.requests.average / tFirst.requests.average) * 100).toFixed(0)}% | | |`,
    );
    lines.push(
      `| filling ${RECORDS.toLocaleString('en')} records (one INSERT … SELECT) + the typed copy, indexes, VACUUM ANALYZE | ${(fillMs / 1000).toFixed(1)} s | | |`,
    );
    lines.push(
      '',
      `Load: autocannon, ${CONNECTIONS} connections, ${seconds} s per route in two alternating halves (module, typed, module, typed), same`,
      'machine, same run. The module route runs in the server (child process, PostgreSQL pool of 10): sign-in gate, the',
      "module's grant (`lc_<id>`), its design (kept in memory, the form checked once per design), filters compiled from the",
      'form, count and page in one statement, JNPF envelope.',
      'The typed route is a bare Fastify route in a second child process (`pg` pool of 10, no sign-in): count and page as two',
      'queries at once on `bench_lc_typed`, with the same rows, same order and the same JSON out (checked equal before the load).',
      `Machine load average (1 min) ${load0.toFixed(1)} before the load, ${os.loadavg()[0].toFixed(1)} after, on ${os.cpus().length} cores.`,
      '',
      'Plans (PostgreSQL):',
      '',
      '```',
      ...planPage.map((l) => `module page:  ${l}`),
      ...planCount.map((l) => `module count: ${l}`),
      ...planTypedPage.map((l) => `typed page:   ${l}`),
      ...planTypedCount.map((l) => `typed count:  ${l}`),
      '```',
    );
  } finally {
    if (typed) await stop(typed);
    await pool.end();
    await close();
  }
  return {
    name: `Low-code: an online module's paged, filtered list over ${RECORDS.toLocaleString('en')} JSONB records (PostgreSQL)`,
    lines,
  };
}

if (process.argv.includes('--typed-server')) {
  await typedServer();
} else if (import.meta.url === `file://${process.argv[1]}`) {
  // `node --import tsx bench/lowcode.ts` runs this benchmark alone
  const r = await benchLowcode();
  for (const l of r.lines) console.log(l);
  process.exit(0);
}
