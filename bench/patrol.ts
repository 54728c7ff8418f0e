/**
 * Patrol figures on PostgreSQL, in a scratch database created on TEST_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end; the server runs as a child process.
 *
 * 1. The overview dashboard over a year of history for 200 patrol staff: the demo seed's 17 route patrollers plus
 *    183 more, each with a daily route plan of 8 objects and a year of its tasks (objects checked, people, hazards
 *    and the work orders they raised), written the way the seed and the scheduler write them (INSERT … SELECT).
 *    Timed: `overview/index` over the last year (goal ≤ 200 ms), each other call the screen makes on open, and the
 *    whole screen (all calls at once, as the browser sends them). Baseline: the index's four queries, made by the
 *    same code (`overviewIndex`), through `pg`.
 * 2. Position ingest through `position/report`: 20 connections, each a different signed-in patrol person (the
 *    route stores reports for the signed-in person), one report per request; goal ≥ 5,000 reports/s. Also batches
 *    of 10 (what the app sends after buffering), the server's CPU per request (/proc, independent of what else the
 *    machine runs). Baseline: the same ingest statement through `pg`, one report each, 20 connections.
 *
 * Run alone: `node --import tsx bench/patrol.ts` (or `npm run bench -- patrol`).
 */
import fs from 'node:fs';
import type autocannon from 'autocannon';
import type pg from 'pg';
import * as harness from './harness.ts';

const PORT = harness.benchPort(18320);
const BASE = `http://127.0.0.1:${PORT}/api`;
const STAFF = Number(process.env.BENCH_PATROL_STAFF ?? 200);
const OBJECTS = 8;
const DAYS = 365;
const INGEST_CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TZ = 'Asia/Shanghai';

const signIn = (account: string, password: string) =>
  harness.signInHeaders(`http://127.0.0.1:${PORT}`, account, password);

async function getData(url: string, headers: Record<string, string>) {
  const r = await fetch(url, { headers });
  const j = (await r.json()) as { code: number; data: any };
  if (r.status !== 200 || j.code !== 200) throw new Error(`GET ${url}: ${r.status} ${JSON.stringify(j).slice(0, 300)}`);
  return j.data;
}

/** CPU time used so far (ms, Linux /proc utime + stime) by a process; 0 elsewhere. */
function cpuMs(pid: number | undefined): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * Medians and p99 of several contenders measured in turns (A, B, C, A, B, C, …) so that the machine's load at any
 * moment weighs on all of them alike; one warm-up round first.
 */
async function interleaved(runs: number, fns: (() => Promise<unknown>)[]) {
  const times = await harness.timesInTurns(runs, fns);
  return times.map((t) => {
    t.sort((a, b) => a - b);
    return { p50: harness.pctOf(t, 50), p99: harness.pctOf(t, 99) };
  });
}

/**
 * Grows the demo utility to `staff` route patrollers with a year of history each, as the seed writes it: a daily
 * route plan of 8 job objects per new person, one task per day (4% overdue with 40% of the objects checked, else
 * finished between 08:30 and 13:00 local time), its objects checked in turn, its person, and on about one task in
 * seven a hazard on the second object with the work order it raised (97% finished within 1-61 hours).
 */
async function growHistory(pool: pg.Pool, staff: number): Promise<{ people: number; tasks: number }> {
  return harness.inTransaction(
    pool,
    async (client) => {
      const [{ n: have }] = (
        await client.query(
          `select count(distinct user_ids)::int as n from swp_patrol_plan
          where tenant_id = '000000' and scope_type = 'route' and period = 'daily' and user_ids <> '' and audit_status = 2`,
        )
      ).rows;
      const extra = Math.max(0, staff - have);
      // the new people: copies of xj101 (password 123456, role patrol, post inspector) in the two patrol teams
      const cols = (
        await client.query<{ c: string }>(
          `select column_name as c from information_schema.columns where table_name = 'blade_user' and table_schema = current_schema() order by ordinal_position`,
        )
      ).rows.map((r) => r.c);
      const teams = (
        await client.query<{ id: string }>(
          `select id::text as id from blade_dept where tenant_id = '000000' and dept_name in ('管网巡检一班', '管网巡检二班') order by id`,
        )
      ).rows.map((r) => r.id);
      const set: Record<string, string> = {
        id: '6000000000000000000 + n',
        code: `'BX' || lpad(n::text, 4, '0')`,
        account: `'bx' || lpad(n::text, 3, '0')`,
        name: `(array['王','李','张','刘','陈','杨','赵','黄','周','吴'])[1 + n % 10] || (array['建国','志强','秀英','海涛','丽娟','晓东','文杰','玉兰'])[1 + n % 8] || n`,
        real_name: `(array['王','李','张','刘','陈','杨','赵','黄','周','吴'])[1 + n % 10] || (array['建国','志强','秀英','海涛','丽娟','晓东','文杰','玉兰'])[1 + n % 8] || n`,
        email: `'bx' || n || '@hfwater.example.com'`,
        phone: `'137' || lpad(n::text, 8, '0')`,
        dept_id: `($2::text[])[1 + n % 2]`,
      };
      await client.query(
        `insert into blade_user (${cols.join(', ')})
       select ${cols.map((c) => set[c] ?? `u.${c}`).join(', ')}
         from blade_user u, generate_series(1, $1::int) as n where u.account = 'xj101' and u.tenant_id = '000000'`,
        [extra, teams],
      );
      await client.query(
        `create temp table bp on commit drop as
       select n, 6000000000000000000 + n as user_id, ($2::bigint[])[1 + n % 2] as dept_id, 6100000000000000000 + n as plan_id
         from generate_series(1, $1::int) as n`,
        [extra, teams],
      );
      // job objects at the places of the seeded ones (8 per person)
      await client.query(
        `insert into swp_patrol_job_object (id, tenant_id, object_code, object_name, facility_type, address, x, y, lon, lat, dept_id, create_user, create_time, update_time)
       select 6200000000000000000 + bp.n * 10 + k, '000000', 'BJO' || lpad(bp.n::text, 4, '0') || '-' || k,
              o.object_name || '（' || bp.n || '）', o.facility_type, o.address, o.x, o.y, o.lon, o.lat, bp.dept_id,
              o.create_user, now() - interval '366 days', now() - interval '366 days'
         from bp cross join generate_series(1, ${OBJECTS}) as k
         join lateral (select * from swp_patrol_job_object j where j.tenant_id = '000000' and j.object_code like 'JO%'
                        order by j.object_code offset (bp.n * ${OBJECTS} + k) % 100 limit 1) o on true`,
      );
      await client.query(
        `insert into swp_patrol_plan (id, tenant_id, plan_code, plan_name, type_id, scope_type, geometry, period, start_date, end_date,
              dept_id, user_ids, object_ids, check_items, audit_status, submit_user, submit_time, audit_user, audit_time, audit_opinion,
              create_user, create_time, update_time)
       select bp.plan_id, '000000', 'BXJ-' || lpad(bp.n::text, 4, '0'), '基准路线' || bp.n || '日常巡检', p.type_id, 'route', p.geometry, 'daily',
              p.start_date, p.end_date, bp.dept_id, bp.user_id::text,
              (select string_agg((6200000000000000000 + bp.n * 10 + k)::text, ',' order by k) from generate_series(1, ${OBJECTS}) as k),
              p.check_items, 2, p.submit_user, p.submit_time, p.audit_user, p.audit_time, p.audit_opinion, p.create_user, p.create_time, p.update_time
         from bp, (select * from swp_patrol_plan where tenant_id = '000000' and plan_code = 'XJ-R101') p`,
      );
      // a year of daily tasks per new person
      await client.query(
        `create temp table bt on commit drop as
       select bp.n, d, bp.user_id, bp.dept_id, bp.plan_id,
              6300000000000000000 + bp.n * 1000 + d as task_id,
              ((date_trunc('day', now() at time zone $1) - make_interval(days => d)) at time zone $1) as day_start,
              (bp.n * 7919 + d * 104729) % 1000 as u
         from bp cross join generate_series(1, ${DAYS}) as d`,
        [TZ],
      );
      await client.query(
        `insert into swp_patrol_task (id, tenant_id, plan_id, task_name, type_id, dept_id, period, period_start, period_end, task_status,
              start_time, finish_time, object_count, checked_count, hazard_count, create_user, create_dept, create_time, update_time)
       select bt.task_id, '000000', bt.plan_id, '基准路线' || bt.n || '日常巡检 ' || to_char(bt.day_start at time zone $1, 'YYYY-MM-DD'),
              p.type_id, bt.dept_id, 'daily', bt.day_start, bt.day_start + interval '1 day',
              case when bt.u < 40 then 3 else 2 end,
              bt.day_start + interval '8 hours 20 minutes' + make_interval(mins => bt.u % 60),
              case when bt.u < 40 then null else bt.day_start + interval '10 hours' + make_interval(mins => bt.u % 180) end,
              ${OBJECTS}, case when bt.u < 40 then ${Math.round(OBJECTS * 0.4)} else ${OBJECTS} end,
              case when bt.u >= 40 and bt.u % 7 = 0 then 1 else 0 end,
              p.create_user, bt.dept_id, bt.day_start, bt.day_start + interval '1 day'
         from bt join swp_patrol_plan p on p.id = bt.plan_id`,
        [TZ],
      );
      await client.query(
        `insert into swp_patrol_task_object (id, tenant_id, task_id, job_object_id, object_name, facility_type, x, y, sort, result, check_time, check_user)
       select 6400000000000000000 + bt.n * 10000 + bt.d * 10 + k, '000000', bt.task_id, o.id, o.object_name, o.facility_type, o.x, o.y, k,
              case when bt.u < 40 and k > ${Math.round(OBJECTS * 0.4)} then 0 when bt.u >= 40 and bt.u % 7 = 0 and k = 2 then 2 else 1 end,
              case when bt.u < 40 and k > ${Math.round(OBJECTS * 0.4)} then null else bt.day_start + interval '8 hours 30 minutes' + make_interval(mins => k * 15) end,
              case when bt.u < 40 and k > ${Math.round(OBJECTS * 0.4)} then null else bt.user_id end
         from bt cross join generate_series(1, ${OBJECTS}) as k
         join swp_patrol_job_object o on o.id = 6200000000000000000 + bt.n * 10 + k`,
      );
      await client.query(
        `insert into swp_patrol_task_user (id, tenant_id, task_id, user_id, active, assign_time)
       select 6500000000000000000 + bt.n * 1000 + bt.d, '000000', bt.task_id, bt.user_id, 1, bt.day_start from bt`,
      );
      await client.query(
        `insert into swp_patrol_order (id, tenant_id, order_no, source, event_type, title, dept_id, order_status, create_time, finish_time, handle_user)
       select 6600000000000000000 + bt.n * 1000 + bt.d, '000000', 'BGD' || lpad(bt.n::text, 4, '0') || lpad(bt.d::text, 3, '0'), 'patrol',
              (array['leak','valve_damage','cover_missing','illegal_work','hydrant_damage','occupation'])[1 + bt.u % 6],
              '基准路线' || bt.n || '隐患', r.id, case when bt.u % 33 = 0 then 1 else 2 end,
              bt.day_start + interval '9 hours',
              case when bt.u % 33 = 0 then null else bt.day_start + interval '10 hours' + make_interval(hours => bt.u % 60) end,
              null
         from bt, (select id from blade_dept where tenant_id = '000000' and dept_name = '管网抢修班') r
        where bt.u >= 40 and bt.u % 7 = 0`,
      );
      await client.query(
        `insert into swp_patrol_hazard (id, tenant_id, task_id, task_object_id, event_type, level, description, x, y, report_user, report_time,
              dept_id, hazard_status, order_id)
       select 6700000000000000000 + bt.n * 1000 + bt.d, '000000', bt.task_id, 6400000000000000000 + bt.n * 10000 + bt.d * 10 + 2,
              o.event_type, 1 + bt.u % 3, o.title || '，已拍照上报', j.x, j.y, bt.user_id, o.create_time, bt.dept_id,
              case when o.order_status = 2 then 2 else 1 end, o.id
         from bt join swp_patrol_order o on o.id = 6600000000000000000 + bt.n * 1000 + bt.d
         join swp_patrol_job_object j on j.id = 6200000000000000000 + bt.n * 10 + 2`,
      );
    },
    async (client) => {
      for (const t of [
        'blade_user',
        'swp_patrol_job_object',
        'swp_patrol_plan',
        'swp_patrol_task',
        'swp_patrol_task_object',
        'swp_patrol_task_user',
        'swp_patrol_order',
        'swp_patrol_hazard',
      ])
        await client.query(`vacuum analyze ${t}`); // as autovacuum leaves tables that grew over time
      const [{ people, tasks }] = (
        await client.query(
          `select (select count(distinct tu.user_id) from swp_patrol_task_user tu join swp_patrol_task t on t.id = tu.task_id
                  where t.period_start >= now() - interval '365 days')::int as people,
                (select count(*) from swp_patrol_task where period_start >= now() - interval '365 days')::int as tasks`,
        )
      ).rows;
      return { people, tasks };
    },
  );
}

export async function benchPatrol(): Promise<{ name: string; lines: string[] }> {
  const lines: string[] = [];
  const { url, server, close } = await harness.startScratchServer('patrol', PORT, 600_000);
  const pool = harness.scratchPool(url, INGEST_CONNECTIONS);
  try {
    const t0 = Date.now();
    const grown = await growHistory(pool, STAFF);
    const fillMs = Date.now() - t0;

    // ---- the overview dashboard over the last year, as the screen asks for it
    const h = await signIn('operator', 'operator');
    const day = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10); // Asia/Shanghai calendar day
    const now = Date.now();
    const q = {
      startTime: `${day(now - 364 * 86_400_000)} 00:00:00`,
      endTime: `${day(now)} 23:59:59`,
      dimension: 'MONTH',
    };
    const qs = new URLSearchParams(q).toString();
    const O = `${BASE}/swp-pipeops-patrol/overview`;
    const screen: [string, string][] = [
      ['index', `${O}/index?${qs}`],
      ['order-trend-analysis', `${O}/order-trend-analysis?${qs}`],
      ['order-source-analysis', `${O}/order-source-analysis?${qs}`],
      ['order-av-analysis', `${O}/order-av-analysis?${qs}`],
      ['patrol-analysis', `${O}/patrol-analysis?${qs}`],
      ['event-analysis', `${O}/event-analysis?${qs}`],
      ['statistics-report-pie', `${O}/statistics-report-pie?${qs}`],
      ['report-pie', `${O}/report-pie?${qs}`],
      ['statistics-report-list', `${O}/statistics-report-list?${qs}`],
      ['statistics-report-page', `${O}/statistics-report-page?${qs}&current=1&size=10`],
    ];
    const index = await getData(screen[0][1], h);
    if (index.staffTotal < STAFF) throw new Error(`the index counts ${index.staffTotal} staff, not ${STAFF}`);

    // the index's four queries through pg directly, made by the same code (overview.ts)
    const { overviewIndex } = await import('../apps/server/src/modules/patrol/overview.ts');
    const scope = {
      tenantId: '000000',
      // the server reads wire times in its zone (TZ = Asia/Shanghai)
      start: new Date(`${q.startTime.replace(' ', 'T')}+08:00`),
      end: new Date(`${q.endTime.replace(' ', 'T')}+08:00`),
      unit: 'month' as const,
      tz: TZ,
    };
    const direct = () => overviewIndex({ database: { pool } } as any, scope);
    const viaSql = await direct();
    if (JSON.stringify(viaSql) !== JSON.stringify(index))
      throw new Error(`the route and the direct SQL disagree: ${JSON.stringify(index)} vs ${JSON.stringify(viaSql)}`);
    const whole = () => Promise.all(screen.map(([, u]) => getData(u, h)));
    const timed = await interleaved(RUNS, [
      ...screen.map(
        ([, u]) =>
          () =>
            getData(u, h),
      ),
      direct,
      whole,
    ]);
    const [idx, ...others] = timed.slice(0, screen.length);
    const raw = timed[screen.length];
    const all = timed[screen.length + 1];

    // ---- position ingest: 20 people, each on their own connection
    const accounts = Array.from({ length: INGEST_CONNECTIONS }, (_, i) => `bx${String(i + 1).padStart(3, '0')}`);
    const heads = await Promise.all(accounts.map((a) => signIn(a, '123456')));
    const reportUrl = `${BASE}/swp-pipeops-location/position/report`;
    const countRows = async () =>
      Number((await pool.query(`select count(*)::int as n from swp_location_position`)).rows[0].n);
    const T0 = Date.now() - 3_600_000; // one hour ago, a millisecond later per report: every report is new
    let next = 0;
    let setupIndex = 0;
    const report = (k: number) => ({
      lon: 117.2 + (k % 1000) * 1e-5,
      lat: 31.82 + (k % 777) * 1e-5,
      ts: T0 + k,
      speed: 1.2,
      accuracy: 5,
    });
    const ingest = (batch: number, duration: number) =>
      harness.cannon({
        url: reportUrl,
        connections: INGEST_CONNECTIONS,
        duration,
        requests: [
          {
            method: 'POST',
            setupRequest: (req: any) => {
              const list = Array.from({ length: batch }, () => report(next++));
              return { ...req, body: JSON.stringify(batch === 1 ? list[0] : list) };
            },
          },
        ],
        headers: { 'content-type': 'application/json' },
        setupClient: (client: any) => {
          client.setHeaders({ ...heads[setupIndex++ % heads.length], 'content-type': 'application/json' });
        },
      } as autocannon.Options);
    await ingest(1, 2); // warm
    setupIndex = 0;
    let c0 = await countRows();
    const cpu0 = cpuMs(server.pid);
    const one = await ingest(1, SECONDS);
    const cpuOne = (cpuMs(server.pid) - cpu0) / one.requests.total;
    const oneRows = (await countRows()) - c0;
    const reporters = Number(
      (
        await pool.query(`select count(distinct user_id)::int as n from swp_location_position where ts >= $1`, [
          new Date(T0),
        ])
      ).rows[0].n,
    );
    if (reporters !== INGEST_CONNECTIONS)
      throw new Error(`reports stored for ${reporters} people, not ${INGEST_CONNECTIONS}`);
    setupIndex = 0;
    c0 = await countRows();
    const ten = await ingest(10, SECONDS);
    const tenRows = (await countRows()) - c0;

    // baseline: the same ingest statement through pg, one report per statement, 20 connections
    const { storeReports } = await import('../apps/server/src/modules/location/store.ts');
    const ids = (
      await pool.query<{ id: string }>(`select id::text as id from blade_user where account = any($1::text[])`, [
        accounts,
      ])
    ).rows.map((r) => r.id);
    const { toEpsg4548 } = await import('../apps/server/src/modules/monitor/index.ts');
    let k2 = 0;
    const stmtLoop = async (seconds: number) => {
      const until = Date.now() + seconds * 1000;
      let n = 0;
      const t = performance.now();
      await Promise.all(
        ids.map(async (userId) => {
          while (Date.now() < until) {
            const r = report(-1 - k2++); // instants before the route's
            const { x, y } = toEpsg4548(r.lon, r.lat);
            await storeReports(pool, [{ userId, tenantId: '000000', ...r, x, y }]);
            n++;
          }
        }),
      );
      return n / ((performance.now() - t) / 1000);
    };
    await stmtLoop(1);
    const rawIngest = await stmtLoop(SECONDS);

    const onePerSec = oneRows / SECONDS;
    const tenPerSec = tenRows / SECONDS;
    const badOne = one.non2xx + one.errors;
    const badTen = ten.non2xx + ten.errors;
    lines.push('| figure | measured | goal | met |', '|---|---|---|---|');
    lines.push(
      `| overview \`index\` over the last year (${grown.people} staff, ${grown.tasks.toLocaleString('en')} tasks), p50 / p99 of ${RUNS} | ${idx.p50.toFixed(0)} / ${idx.p99.toFixed(0)} ms; its four queries through \`pg\`: ${raw.p50.toFixed(0)} / ${raw.p99.toFixed(0)} ms | ≤ 200 ms | ${idx.p99 <= 200 ? 'yes' : 'no'} |`,
      ...others.map(
        (t, i) => `| … \`${screen[i + 1][0]}\`, p50 / p99 | ${t.p50.toFixed(0)} / ${t.p99.toFixed(0)} ms | | |`,
      ),
      `| … the whole screen on open (${screen.length} calls at once), p50 / p99 | ${all.p50.toFixed(0)} / ${all.p99.toFixed(0)} ms | | |`,
      `| position ingest through \`position/report\`, one report per request, ${INGEST_CONNECTIONS} people on their own connections | ${Math.round(onePerSec).toLocaleString('en')} reports/s stored (${Math.round(one.requests.average)} req/s, p99 ${one.latency.p99} ms${badOne ? `, ${badOne} errors!` : ''}) | ≥ 5,000 reports/s | ${onePerSec >= 5000 && !badOne ? 'yes' : 'no'} |`,
      `| … the server's CPU per request | ${cpuOne.toFixed(2)} ms: one core would answer ≈ ${Math.round(1000 / cpuOne).toLocaleString('en')} requests/s | | |`,
      `| … the same ingest statement through \`pg\`, one report each, ${INGEST_CONNECTIONS} connections | ${Math.round(rawIngest).toLocaleString('en')} reports/s: the route ${((100 * onePerSec) / rawIngest).toFixed(0)}% of it | | |`,
      `| … batches of 10 reports per request | ${Math.round(tenPerSec).toLocaleString('en')} reports/s stored (${Math.round(ten.requests.average)} req/s, p99 ${ten.latency.p99} ms${badTen ? `, ${badTen} errors!` : ''}) | | |`,
      `| growing the history to ${STAFF} staff × a year (INSERT … SELECT + VACUUM ANALYZE) | ${(fillMs / 1000).toFixed(1)} s | | |`,
      '',
      `Overview: one client, the calls in turns (${RUNS} rounds after a warm-up), range ${q.startTime} – ${q.endTime}, dimension MONTH,`,
      'the whole tenant (no department filter), signed in as `operator`. Ingest: autocannon, each connection signed in as a',
      `different patrol person, every report new (its own millisecond), ${SECONDS} s; stored reports counted in the table.`,
    );
  } finally {
    await pool.end();
    await close();
  }
  return { name: 'Patrol: the overview over a year for 200 staff, and position ingest (PostgreSQL)', lines };
}

// `node --import tsx bench/patrol.ts` runs this benchmark alone
await harness.runAlone(import.meta.url, benchPatrol);
