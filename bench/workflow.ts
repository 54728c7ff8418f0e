/**
 * Workflow engine figures on PostgreSQL, in a scratch database created on TEST_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end; the server runs as a child process.
 *
 * 1. Process instances per second through the HTTP API: a three-user-task process (each task assigned to the
 *    starter, `${applyUser}`) deployed through the design calls (`model/submit`, `model/deploy`); 10 concurrent
 *    clients, each a different signed-in patrol person, loop start → complete task 1 → 2 → 3 (the process ends).
 *    Goal ≥ 100 instances/s. Baseline in the same run: a trivial signed-in read (`oauth/user-info`) with the same
 *    10 connections. Also the CPU each instance costs the server, PostgreSQL and the clients (/proc), which does
 *    not depend on what else the machine runs.
 * 2. The to-do list (`/blade-workflow/process/todoList`, first page) with 100,000 open tasks, filled as the engine
 *    writes them (instance, token, task, candidates, activity and comment rows; INSERT … SELECT): p99 for an
 *    assignee with 20,000 open tasks (and 2,500 offered as a candidate) and for one with a handful, ten clients at
 *    50 requests/s in all; goal p99 ≤ 100 ms. Also flat out and one client at a time. Baseline: the same page +
 *    count SQL (made by the same code, `lists.ts`) through `pg`, with the plans.
 *
 * Run alone: `node --import tsx bench/workflow.ts` (or `npm run bench -- workflow`).
 */
import fs from 'node:fs';
import http from 'node:http';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as harness from './harness.ts';

const CLIENTS = 10;
const OPEN_TASKS = Number(process.env.BENCH_WF_TASKS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PORT = harness.benchPort(18300);
const TODO_RATE = 50;
const P = `http://127.0.0.1:${PORT}/api/blade-workflow/process`;
const KEY = 'bench_three_step';

/** `workers` loops running `fn` for `seconds`; returns completed runs per second and latency percentiles. */
async function loop(workers: number, seconds: number, fn: (w: number) => Promise<unknown>) {
  const until = Date.now() + seconds * 1000;
  const lat: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (Date.now() < until) {
        const t = performance.now();
        await fn(w);
        lat.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  return { n: lat.length, rps: lat.length / elapsed, p50: harness.pctOf(lat, 50), p99: harness.pctOf(lat, 99) };
}

const signIn = (account: string, password: string) =>
  harness.signInHeaders(`http://127.0.0.1:${PORT}`, account, password);

/** CPU time used so far (ms, Linux /proc) by the server, by the PostgreSQL backends of the database and by us. */
async function cpuMs(pool: pg.Pool, serverPid: number | undefined) {
  const ticks = (pid: number | undefined) => {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) * 10; // utime + stime, at 100 ticks/s
    } catch {
      return 0; // not Linux, or the backend ended
    }
  };
  const backends = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const me = process.cpuUsage();
  return {
    server: ticks(serverPid),
    pg: backends.rows.reduce((a, r) => a + ticks(r.pid), 0),
    self: (me.user + me.system) / 1000,
  };
}

/** Keep-alive HTTP for the process clients (lighter than `fetch`: the load generator shares the machine). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: unknown): Promise<any> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers:
          payload === undefined
            ? headers
            : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            const j = JSON.parse(text) as { code: number; data: any };
            if (res.statusCode !== 200 || j.code !== 200)
              reject(new Error(`${method} ${url}: ${res.statusCode} ${text.slice(0, 300)}`));
            else resolve(j.data);
          } catch {
            reject(new Error(`${method} ${url}: ${res.statusCode} ${text.slice(0, 300)}`));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The three-step process: start → 填报 → 审核 → 归档 → end, each task the starter's. */
function threeStepXml({ buildBpmn, inLine }: typeof import('../apps/server/src/modules/workflow/build.ts')) {
  return buildBpmn({
    key: KEY,
    name: '三步审批（基准）',
    nodes: [
      { id: 'start', type: 'start', name: '发起' },
      { id: 't1', type: 'task', name: '填报', assignee: '${applyUser}' },
      { id: 't2', type: 'task', name: '审核', assignee: '${applyUser}' },
      { id: 't3', type: 'task', name: '归档', assignee: '${applyUser}' },
      { id: 'end', type: 'end', name: '结束' },
    ],
    flows: inLine('start', 't1', 't2', 't3', 'end'),
  });
}

/**
 * 100,000 open tasks as the engine leaves them after a start: one running instance each (starter in `vars`), its
 * token at t1, the task, the start event and user task in the activity history, the start comment; every tenth
 * task unassigned with three candidates (the heavy user among them on every fourth of those). Assignees: the
 * heavy user one task in five, the light user five tasks, the rest spread over the tenant's other people.
 */
async function fillTasks(pool: pg.Pool, defId: string, heavy: string, light: string, n: number) {
  const others = (
    await pool.query<{ id: string }>(
      `select id::text as id from blade_user where tenant_id = '000000' and is_deleted = 0 and id not in ($1, $2) order by id`,
      [heavy, light],
    )
  ).rows.map((r) => r.id);
  return harness.inTransaction(
    pool,
    async (client) => {
      // ids far above the snowflake ids of today (9.1e17), in separate ranges per table
      await client.query(
        `create temp table fill on commit drop as
       select g,
              7000000000000000000 + g as inst, 7100000000000000000 + g as exec, 7200000000000000000 + g as task,
              ($3::bigint[])[1 + (g * 7) % array_length($3::bigint[], 1)] as starter,
              case when g % 10 = 0 then null
                   when g % 5 = 1 then $1::bigint
                   when g in (2, 3, 4, 5, 7) then $2::bigint
                   else ($3::bigint[])[1 + g % array_length($3::bigint[], 1)] end as assignee,
              now() - make_interval(secs => (g::bigint * 317) % 31536000 + 60) as created
         from generate_series(1, $4::int) as g`,
        [heavy, light, others, n],
      );
      await client.query(
        `insert into wf_instance (id, tenant_id, definition_id, process_key, process_name, title, starter_id, state, vars, start_time)
       select inst, '000000', $1::bigint, '${KEY}', '三步审批（基准）', '基准待办 ' || g, starter, 'running',
              jsonb_build_object('applyUser', starter::text), created from fill`,
        [defId],
      );
      await client.query(
        `insert into wf_execution (id, instance_id, activity_id, create_time) select exec, inst, 't1', created from fill`,
      );
      await client.query(
        `insert into wf_task (id, tenant_id, instance_id, execution_id, definition_id, task_def_key, name, assignee, create_time)
       select task, '000000', inst, exec, $1::bigint, 't1', '填报', assignee, created from fill`,
        [defId],
      );
      await client.query(
        `insert into wf_task_candidate (id, task_id, user_id, kind)
       select 7300000000000000000 + g * 3 + k, task,
              case when k = 0 and g % 40 = 0 then $1::bigint
                   else ($2::bigint[])[1 + (g + k * 11) % array_length($2::bigint[], 1)] end, 'role'
         from fill, generate_series(0, 2) as k where assignee is null`,
        [heavy, others],
      );
      await client.query(
        `insert into wf_activity (id, instance_id, execution_id, activity_id, activity_name, activity_type, task_id, assignee, start_time, end_time)
       select 7400000000000000000 + g * 2, inst, exec, 'start', '发起', 'startEvent', null, null, created, created from fill
       union all
       select 7400000000000000000 + g * 2 + 1, inst, exec, 't1', '填报', 'userTask', task, assignee, created, null from fill`,
      );
      await client.query(
        `insert into wf_comment (id, instance_id, user_id, type, message, time)
       select 7500000000000000000 + g, inst, starter, 'start', '发起流程', created from fill`,
      );
    },
    async (client) => {
      for (const t of ['wf_instance', 'wf_execution', 'wf_task', 'wf_task_candidate', 'wf_activity', 'wf_comment'])
        await client.query(`vacuum analyze ${t}`); // as autovacuum leaves tables that grew over time
    },
  );
}

export async function benchWorkflow(): Promise<{ name: string; lines: string[] }> {
  const lines: string[] = [];
  const { url, server, close } = await harness.startScratchServer('wf', PORT, 600_000, {
    // BENCH_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it
    nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  });
  const pool = harness.scratchPool(url, CLIENTS);
  try {
    const build = await import('../apps/server/src/modules/workflow/build.ts');

    // deploy through the design calls, as an administrator does
    const adminH = await signIn('admin', 'admin');
    const D = `http://127.0.0.1:${PORT}/api/blade-workflow/design`;
    await call('POST', `${D}/model/submit`, adminH, {
      modelKey: KEY,
      name: '三步审批（基准）',
      xml: threeStepXml(build),
    });
    const model = (await call('GET', `${D}/model/list?modelKey=${KEY}`, adminH)).records[0];
    const deployed = await call('POST', `${D}/model/deploy`, adminH, { modelId: model.id });

    // ten patrol people (role patrol: the 流程事务 menus), each a client
    const accounts = ['xj101', 'xj102', 'xj103', 'xj104', 'xj105', 'xj106', 'xj107', 'xj108', 'xj201', 'xj202'];
    const heads = await Promise.all(accounts.map((a) => signIn(a, '123456')));

    /** one instance: start, then complete whatever task the reply offers until the process has finished */
    const steps: number[] = [];
    const oneInstance = async (w: number) => {
      const h = heads[w];
      let t = performance.now();
      let r = await call('POST', `${P}/startProcess`, h, { processDefKey: KEY, title: `基准 ${w}` });
      steps.push(performance.now() - t);
      for (let k = 0; k < 3; k++) {
        const taskId = r.tasks?.[0]?.taskId;
        if (!taskId) throw new Error(`no task to complete after step ${k}: ${JSON.stringify(r)}`);
        t = performance.now();
        r = await call('POST', `${P}/completeTask`, h, { taskId, pass: true, comment: '同意' });
        steps.push(performance.now() - t);
      }
      if (r.processIsFinished !== true || r.tasks.length) throw new Error(`not finished: ${JSON.stringify(r)}`);
    };
    await loop(CLIENTS, 3, oneInstance); // warm: plans, graph cache, connections
    steps.length = 0;
    const c0 = await cpuMs(pool, server.pid);
    const flow = await loop(CLIENTS, SECONDS * 2, oneInstance);
    const c1 = await cpuMs(pool, server.pid);
    const cpu = {
      server: (c1.server - c0.server) / flow.n,
      pg: (c1.pg - c0.pg) / flow.n,
      clients: (c1.self - c0.self) / flow.n,
    };
    steps.sort((a, b) => a - b);
    const infoUrl = `http://127.0.0.1:${PORT}/api/blade-auth/oauth/user-info`;
    await harness.cannon({ url: infoUrl, connections: CLIENTS, duration: 2, headers: heads[0] });
    const info = await harness.cannon({ url: infoUrl, connections: CLIENTS, duration: SECONDS, headers: heads[0] });
    const [{ finished, open }] = (
      await pool.query(
        `select count(*) filter (where state = 'finished')::int as finished,
                count(*) filter (where state <> 'finished')::int as open
           from wf_instance where process_key = $1`,
        [KEY],
      )
    ).rows;

    // ---- the to-do list with 100,000 open tasks
    const ids = Object.fromEntries(
      (
        await pool.query<{ account: string; id: string }>(
          `select account, id::text as id from blade_user where tenant_id = '000000' and account in ('operator', 'xj104')`,
        )
      ).rows.map((r) => [r.account, r.id]),
    );
    const t0 = Date.now();
    await fillTasks(pool, deployed.id, ids.operator, ids.xj104, OPEN_TASKS);
    const fillMs = Date.now() - t0;
    const [{ total: openTotal }] = (
      await pool.query(`select count(*)::int as total from wf_task where end_time is null`)
    ).rows;

    const heavyH = await signIn('operator', 'operator');
    const lightH = heads[3]; // xj104
    const { list } = await import('../apps/server/src/modules/workflow/lists.ts');
    const dialect = new PgDialect();
    // the same SQL the route runs (page + count), through pg directly; `execute` records it for EXPLAIN
    const seen: { sql: string; params: unknown[] }[] = [];
    const recording = {
      execute: (q: any) => {
        const c = dialect.sqlToQuery(q);
        seen.push({ sql: c.sql, params: c.params });
        return pool.query(c.sql, c.params);
      },
    };
    const who = (userId: string) => ({ userId, tenantId: '000000', isAdmin: false }) as any;
    const direct = (userId: string) => list({ db: recording } as any, who(userId), 'todo', {});

    const lines2: string[] = [];
    const plans: string[] = [];
    const todoUrl = `${P}/todoList`;
    for (const [label, h, uid] of [
      ['an assignee with many open tasks', heavyH, ids.operator],
      ['an assignee with a few open tasks', lightH, ids.xj104],
    ] as const) {
      const viaHttp = await call('GET', todoUrl, h);
      seen.length = 0;
      const viaSql = await direct(uid);
      if (
        viaHttp.total !== viaSql.total ||
        viaHttp.records.map((r: any) => r.taskId).join() !== viaSql.records.map((r: any) => r.taskId).join()
      )
        throw new Error(`the route and the direct SQL disagree for ${label}`);
      const [count, page] = seen.slice(-2);
      for (const [name, q] of [
        ['count', count],
        ['page', page],
      ] as const) {
        const r = await pool.query(`explain (analyze, costs off, timing off, summary on) ${q.sql}`, q.params);
        plans.push(`-- ${label}, ${name} (${viaSql.total} open tasks)`, ...r.rows.map((x: any) => x['QUERY PLAN']));
      }
      await harness.cannon({ url: todoUrl, connections: CLIENTS, duration: 2, headers: h });
      // the goal's load: ten people opening their lists, 50 times a second in all (well below saturation)
      const steady = await harness.cannon({
        url: todoUrl,
        connections: CLIENTS,
        overallRate: TODO_RATE,
        duration: SECONDS,
        headers: h,
      });
      // flat out (each connection sends the next request as the last answer arrives): capacity, and queueing
      const flat = await harness.cannon({ url: todoUrl, connections: CLIENTS, duration: SECONDS, headers: h });
      const one = await harness.cannon({
        url: todoUrl,
        connections: 1,
        duration: Math.max(3, SECONDS / 2),
        headers: h,
      });
      await loop(CLIENTS, 1, () => direct(uid));
      const raw = await loop(CLIENTS, SECONDS, () => direct(uid));
      const bad = [steady, flat, one].reduce((n, r) => n + r.non2xx + r.errors + (r.requests.total ? 0 : 1), 0);
      lines2.push(
        `| to-do list p99, ${label} (${viaSql.total.toLocaleString('en')} of ${openTotal.toLocaleString('en')} open tasks), ${CLIENTS} clients at ${TODO_RATE} req/s in all | ${steady.latency.p99} ms (p50 ${steady.latency.p50} ms${bad ? `, ${bad} errors!` : ''}) | ≤ 100 ms | ${steady.latency.p99 <= 100 && !bad ? 'yes' : 'no'} |`,
        `| … ${CLIENTS} connections flat out; the same page + count SQL through \`pg\` flat out | p99 ${flat.latency.p99} ms, p50 ${flat.latency.p50} ms, ${Math.round(flat.requests.average)} req/s; SQL p99 ${raw.p99.toFixed(0)} ms, p50 ${raw.p50.toFixed(0)} ms, ${Math.round(raw.rps)}/s = route ${((100 * flat.requests.average) / raw.rps).toFixed(0)}% of the SQL's rate | | |`,
        `| … one client at a time | p99 ${one.latency.p99} ms, p50 ${one.latency.p50} ms | | |`,
      );
    }

    const perSec = flow.rps;
    const ratio = perSec / info.requests.average;
    const cpuTotal = cpu.server + cpu.pg + cpu.clients;
    lines.push('| figure | measured | goal | met |', '|---|---|---|---|');
    lines.push(
      `| process instances through the HTTP API (start + 3 task completions, ${CLIENTS} clients, ${SECONDS * 2} s) | ${perSec.toFixed(0)} instances/s (${(perSec * 4).toFixed(0)} calls/s, ${flow.n} instances${open ? `, ${open} left unfinished!` : ''}) | ≥ 100 instances/s | ${perSec >= 100 && !open ? 'yes' : 'no'} |`,
      `| … against a trivial signed-in read (\`oauth/user-info\`, ${CLIENTS} connections) | ${Math.round(info.requests.average)} req/s: one instance costs ${(1 / ratio).toFixed(1)} reads (its 4 calls ${(1 / ratio / 4).toFixed(1)} reads each) | | |`,
      `| … latency per instance, p50 / p99 | ${flow.p50.toFixed(0)} / ${flow.p99.toFixed(0)} ms (per call ${harness.pctOf(steps, 50).toFixed(0)} / ${harness.pctOf(steps, 99).toFixed(0)} ms) | | |`,
      `| … CPU per instance: server / PostgreSQL / the clients | ${cpu.server.toFixed(1)} / ${cpu.pg.toFixed(1)} / ${cpu.clients.toFixed(1)} ms: two idle cores would carry ≈ ${Math.round(2000 / cpuTotal)} instances/s, the server's one thread ≈ ${Math.round(1000 / cpu.server)} | | |`,
      ...lines2,
      `| filling ${OPEN_TASKS.toLocaleString('en')} open tasks (instances, tokens, tasks, candidates, history; INSERT … SELECT + VACUUM ANALYZE) | ${(fillMs / 1000).toFixed(1)} s | | |`,
      '',
      `Same machine, same run: the server as a child process on PostgreSQL, the clients in the bench process (keep-alive HTTP),`,
      `finished instances checked (${finished} in the database). Each call is one transaction that locks its instance; each new task`,
      "also writes its bell message in that transaction. The CPU split reads /proc (utime + stime) of the server, of the database's",
      'backends and of the bench process during the timed run: it does not depend on what else the machine runs, the rate does.',
      'To-do filling: one task per instance at t1, one in ten unassigned with three candidates; the heavy user (`operator`)',
      "holds one in five and is a candidate on one in forty; the light user (`xj104`) holds five (plus the demo data's).",
      '',
      'Plans of the to-do list (PostgreSQL, EXPLAIN ANALYZE):',
      '',
      '```',
      ...plans,
      '```',
    );
  } finally {
    await pool.end();
    await close();
  }
  return {
    name: 'Workflow: process instances through the API and the to-do list over 100k open tasks (PostgreSQL)',
    lines,
  };
}

// `node --import tsx bench/workflow.ts` runs this benchmark alone
await harness.runAlone(import.meta.url, benchWorkflow);
