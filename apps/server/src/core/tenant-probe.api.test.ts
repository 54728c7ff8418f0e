/**
 * Tenant isolation of reads, generated from the route list (issue 17): every read of the workflow, low-code,
 * business-form, code-generation, data-service, data-source, GIS, patrol and location modules is called as tenant
 * 100001's administrator with the ids of tenant 000000's objects put into every id-like parameter (path parameters,
 * and query or body parameters named id, ids, *Id and the workflow's keys). A read leaks when
 *   - its data holds the id of any tenant-000000 row (other than the ids the probe itself sent), or
 *   - its data differs from the answer to the same call with ids that do not exist (the other tenant's id found
 *     something: a detail, a timeline, a diagram, a form).
 * A new route in these modules is probed as soon as it is registered; a read that cannot be probed this way is
 * named in EXEMPT with the reason (docs/architecture.md, "The cross-tenant probe").
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, bootTestApp, type TestApp } from '../../test/harness.ts';
import { modules } from '../modules/index.ts';
import type { ServerModule } from './module.ts';

/** the modules whose reads are probed */
const PROBED = process.env.PROBE_ALL
  ? modules.map((m) => m.name)
  : [
      'workflow',
      'lowcode',
      'business',
      'develop',
      'dataservice',
      'datasource',
      'gis',
      'patrol',
      'location',
      'dma',
      'quality',
      'dispatch',
      'screen',
      'iot',
      'monitor',
      'device',
      'alarm',
      'hydraulic',
      'app',
    ];

/** `METHOD /path` (without /api) → why the route is not probed */
const EXEMPT: Record<string, string> = {
  'GET /swp-pipeops-location/position/stream':
    'a server-sent event stream that never ends; it sends the same rows as position/realTime, which is probed',
};

/**
 * Tables of the platform tenant shared with every tenant on purpose: their rows are not the platform's secrets
 * (see docs/workflow.md "Tenant isolation of reads").
 */
const SHARED_TABLES = new Set<string>([]);

/** request parameters that carry an object's id or key, with the tenant-000000 columns their values come from */
const NAMED: Record<string, [table: string, column: string][]> = {
  processInstanceId: [['wf_instance', 'id']],
  processInsId: [['wf_instance', 'id']],
  processInstanceIds: [['wf_instance', 'id']],
  taskId: [
    ['wf_task', 'id'],
    ['swp_patrol_task', 'id'],
  ],
  taskIds: [['wf_task', 'id']],
  processDefinitionId: [['wf_definition', 'id']],
  processId: [
    ['wf_definition', 'id'],
    ['wf_instance', 'id'],
  ],
  processDefId: [['wf_definition', 'id']],
  processDefKey: [['wf_definition', 'process_key']],
  processKey: [['wf_definition', 'process_key']],
  deploymentId: [['wf_definition', 'deployment_id']],
  deploymentIds: [['wf_definition', 'deployment_id']],
  modelId: [
    ['wf_model', 'id'],
    ['lc_module', 'id'],
  ],
  moduleId: [['lc_module', 'id']],
  businessKey: [['wf_instance', 'business_key']],
  businessId: [['wf_leave', 'id']],
  formId: [
    ['wf_form', 'id'],
    ['biz_form', 'id'],
  ],
  formKey: [['wf_form', 'form_key']],
  formCode: [['biz_form', 'form_code']],
  categoryId: [['wf_category', 'id']],
  planId: [['swp_patrol_plan', 'id']],
  hazardId: [['swp_patrol_hazard', 'id']],
  orderId: [['swp_patrol_order', 'id']],
  eventId: [
    ['swp_dispatch_burst_event', 'id'],
    ['swp_patrol_hazard', 'id'],
  ],
  interfaceId: [['ds_interface', 'id']],
  reportId: [['rpt_report', 'id']],
  userId: [['blade_user', 'id']],
  deptId: [['blade_dept', 'id']],
  dmaId: [['swp_gis_dma', 'id']],
  deviceId: [['swp_device_base', 'id']],
};
const NONE_ID = '1999999999999999999';
const NONE_KEY = 'zz_probe_none';

let t: TestApp;
let token100: string;
/** route key → module name, from an onRoute hook around each probed module's routes */
const owner = new Map<string, string>();
/** every id of a tenant-000000 row → its table */
const secret = new Map<string, string>();
/** tenant-000000 rows to probe with: one scenario per row */
const scenarios: { table: string; row: Record<string, unknown> }[] = [];
const pools: Record<string, string[]> = {};

const tagged = (m: ServerModule): ServerModule =>
  PROBED.includes(m.name) && m.routes
    ? {
        ...m,
        async routes(app, ctx) {
          await app.register(async (scope) => {
            scope.addHook('onRoute', (r) => {
              for (const method of [r.method].flat()) owner.set(`${method} ${r.url}`, m.name);
            });
            await m.routes?.(scope, ctx);
          });
        },
      }
    : m;

/** Objects of tenant 000000 the seed does not make, made through the API by its administrator. */
async function makeObjects() {
  const db = t.app.ctx.db;
  const first = async (q: string) => String(((await db.execute(sql.raw(q))).rows[0] as { id: string }).id);
  const made = async (url: string, body: Record<string, unknown>) => {
    const res = await t.post(`/api${url}`, body);
    expect(res.json(), `${url}: ${res.body}`).toMatchObject({ code: 200 });
  };
  const users = (
    await db.execute(sql`select id::text as id from blade_user where tenant_id = '000000' order by id limit 2`)
  ).rows as { id: string }[];
  await made('/blade-workflow/design/condition/submit', { name: '探针条件', expression: 'days > 3' });
  await made('/blade-workflow/ops/proxy/submit', {
    userId: users[0].id,
    proxyUserId: users[1].id,
    startTime: '2026-01-01 00:00:00',
    endTime: '2036-01-01 00:00:00',
  });
  const model = (
    await t.get('/api/blade-workflow/design/model/detail', {
      id: await first(`select id::text as id from wf_model where tenant_id = '000000' and xml is not null limit 1`),
    })
  ).json().data;
  await made('/blade-workflow/design/model/submit', {
    id: model.id,
    modelKey: model.modelKey,
    name: `${model.name}（探针）`,
    xml: model.xml,
  });
  const form = (
    await t.get('/api/blade-workflow/design/form/detail', {
      id: await first(`select id::text as id from wf_form where tenant_id = '000000' limit 1`),
    })
  ).json().data;
  await made('/blade-workflow/design/form/submit', {
    id: form.id,
    formKey: form.formKey,
    name: `${form.name}（探针）`,
    content: form.content,
  });
  await made('/blade-workflow/process/draft/submit', {
    processKey: 'leave',
    title: '探针草稿',
    variables: { days: 2 },
  });
  await made('/system/DataSource', {
    fullName: '探针数据源',
    dbType: 'MySQL',
    host: '127.0.0.1',
    port: 3306,
    serviceName: 'probe',
    userName: 'probe',
    password: 'probe',
  });
  await made('/blade-develop/code/submit', {
    codeName: 'probe_code',
    serviceName: '探针代码',
    moduleId: await first(`select id::text as id from lc_module where tenant_id = '000000' limit 1`),
  });
  await made('/swp-dispatch/wsnc-squibbing-event/analyse', {
    pipeGid: Number(
      await first(`select gid::text as id from swp_gis_pipe where tenant_id = '000000' order by gid limit 1`),
    ),
    title: '探针爆管',
  });
  await made('/blade-business/business-data-model/save', {
    modelName: '探针模型',
    modelCode: 'probe_model',
    dbLinkId: '0',
    tableName: 'swp_water_tariff',
  });
}

beforeAll(async () => {
  t = await bootTestApp({}, undefined, modules.map(tagged));
  await t.signIn('admin', 'admin', '000000');
  await makeObjects();
  token100 = (await t.signIn('admin', 'admin', '100001')).access_token;
  const db = t.app.ctx.db;
  const tables = (
    await db.execute(sql`
      select c.table_name as t from information_schema.columns c
      where c.table_schema = 'public' and c.column_name = 'tenant_id'
        and exists (select 1 from information_schema.columns d where d.table_schema = 'public'
                    and d.table_name = c.table_name and d.column_name = 'id')
      order by 1`)
  ).rows.map((r) => String((r as { t: string }).t));
  for (const table of tables) {
    if (SHARED_TABLES.has(table)) continue;
    const ids = await db.execute(sql.raw(`select id::text as id from "${table}" where tenant_id = '000000'`));
    for (const r of ids.rows as { id: string }[]) if (r.id.length >= 15) secret.set(r.id, table);
    const rows = await db.execute(
      sql.raw(
        `select * from "${table}" where tenant_id = '000000' order by id desc limit ${table.startsWith('wf_') ? 4 : 1}`,
      ),
    );
    for (const row of rows.rows as Record<string, unknown>[]) scenarios.push({ table, row });
  }
  for (const [name, sources] of Object.entries(NAMED)) {
    pools[name] = [];
    for (const [table, column] of sources) {
      const r = await db.execute(
        sql.raw(
          `select distinct ${column}::text as v from "${table}" where tenant_id = '000000' and ${column} is not null limit 8`,
        ),
      );
      pools[name].push(...(r.rows as { v: string }[]).map((x) => x.v));
    }
  }
}, 300_000);
afterAll(() => t?.close());

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const READ_POST =
  /\/(List|list|page|query|identify|metas|Preview|preview|detail|Export|ExportData|CodePreview|DownloadCode)$/;

function probedRoutes() {
  const seen = new Set<string>();
  return t.app.routes.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (!r.url.startsWith('/api/') || seen.has(key)) return false;
    seen.add(key);
    if (!owner.has(key)) return false;
    return r.method === 'GET' || (r.method === 'POST' && READ_POST.test(r.url));
  });
}

/** the value a scenario gives a parameter: the row's own column of that name, else its id (path) or the pool */
function paramValue(name: string, s: { row: Record<string, unknown> }, i: number, path: boolean): string | undefined {
  const own = s.row[snake(name)];
  if (own !== undefined && own !== null && name !== 'id') return String(own);
  if (path || name === 'id' || name === 'ids') return String(s.row.id);
  const pool = pools[name];
  return pool?.length ? pool[i % pool.length] : undefined;
}

interface Answer {
  status: number;
  text: string;
  json: boolean;
}

async function call(method: string, url: string, params: Record<string, string>): Promise<Answer> {
  const get = method === 'GET';
  const res = await t.call({
    method: method as 'GET',
    url,
    headers: {
      ...authHeaders(token100),
      ...(get ? {} : { 'content-type': 'application/json' }),
    },
    ...(get ? { query: params } : { payload: JSON.stringify(params) }),
  });
  const json = String(res.headers['content-type'] ?? '').includes('json');
  let text = res.body;
  if (json) {
    try {
      const body = JSON.parse(res.body);
      text = JSON.stringify(body && typeof body === 'object' && 'data' in body ? body.data : body);
    } catch {
      /* not JSON after all: compared as text */
    }
  }
  return { status: res.statusCode, text, json };
}

/** the tenant-000000 ids in an answer, other than those the probe sent */
const leakedIds = (text: string, sent: Set<string>) =>
  [...new Set(text.match(/\d{15,19}/g) ?? [])]
    .filter((x) => secret.has(x) && !sent.has(x))
    .map((x) => `${secret.get(x)} ${x}`);

const normalise = (text: string, values: string[]) => {
  let out = text.replace(/\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?Z?/g, 'T');
  for (const v of values.filter((x) => x.length > 2).sort((a, b) => b.length - a.length))
    out = out.split(v).join('«v»');
  return out;
};

describe('tenant isolation of reads', () => {
  it('finds tenant 000000 objects to probe with', () => {
    expect(scenarios.length).toBeGreaterThan(30);
    expect(pools.processInstanceId.length).toBeGreaterThan(3);
    expect(secret.size).toBeGreaterThan(1000);
  });

  it('every exemption names a read the probe would walk', () => {
    const walked = new Set(probedRoutes().map((r) => `${r.method} ${r.url.slice(4)}`));
    expect(Object.keys(EXEMPT).filter((k) => !walked.has(k))).toEqual([]);
  });

  it('tenant 100001’s administrator reads nothing of tenant 000000', { timeout: 600_000 }, async () => {
    const leaks: string[] = [];
    let probed = 0;
    const refused: string[] = [];
    const unsteady: string[] = [];
    for (const r of probedRoutes()) {
      const key = `${r.method} ${r.url.slice(4)}`;
      if (EXEMPT[key]) continue;
      probed++;
      const pathNames = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const fill = (v: (n: string) => string) => r.url.replace(/:(\w+)/g, (_m, n: string) => encodeURIComponent(v(n)));
      // which named parameters the route accepts: a strict route refuses unknown ones with a 400
      const none = (n: string) => (n.endsWith('Key') || n === 'formCode' ? NONE_KEY : NONE_ID);
      const noneUrl = fill(none);
      const all = ['id', 'ids', ...Object.keys(NAMED)].filter((n) => !pathNames.includes(n));
      const full = Object.fromEntries(all.map((n) => [n, none(n)]));
      let names = all;
      const plain = await call(r.method, noneUrl, {});
      // a refusal without ids may be a module's own check (a low-code module the caller lacks): probed all the same
      if (plain.status === 403) refused.push(key);
      const baseFull = await call(r.method, noneUrl, full);
      if (baseFull.status === 400) {
        names = [];
        for (const n of all) if ((await call(r.method, noneUrl, { [n]: none(n) })).status !== 400) names.push(n);
      }
      const base =
        names.length === all.length
          ? baseFull
          : await call(r.method, noneUrl, Object.fromEntries(names.map((n) => [n, none(n)])));
      for (const a of [plain, base]) {
        const ids = leakedIds(a.text, new Set());
        if (ids.length) leaks.push(`${key} (no ids): ${ids.slice(0, 3).join(',')}`);
      }
      if (!pathNames.length && !names.length) continue;
      const baseText = normalise(base.text, [NONE_ID, NONE_KEY]);
      // an answer that changes by itself (a captcha, a clock) can only be searched for ids, not compared
      const again = await call(
        r.method,
        noneUrl,
        names.length === all.length ? full : Object.fromEntries(names.map((n) => [n, none(n)])),
      );
      const steady = normalise(again.text, [NONE_ID, NONE_KEY]) === baseText;
      if (!steady) unsteady.push(key);
      for (const [i, s] of scenarios.entries()) {
        const params: Record<string, string> = {};
        for (const n of names) {
          const v = paramValue(n, s, i, false);
          params[n] = v ?? none(n);
        }
        const url = fill((n) => paramValue(n, s, i, true) ?? none(n));
        const sent = [...Object.values(params), ...pathNames.map((n) => paramValue(n, s, i, true) ?? '')];
        const a = await call(r.method, url, params);
        const ids = leakedIds(a.text, new Set(sent));
        const differs =
          steady &&
          (a.json
            ? normalise(a.text, [...sent, NONE_ID, NONE_KEY]) !== baseText
            : Math.abs(a.text.length - base.text.length) > 200);
        if (ids.length || (differs && a.status < 400))
          leaks.push(
            `${key} with ${s.table} ${String(s.row.id)} ${JSON.stringify(params).slice(0, 160)} → ${a.text.slice(0, 200)}`,
          );
        if (a.status >= 500) leaks.push(`${key} with ${s.table}: ${a.status} ${a.text.slice(0, 200)}`);
      }
    }
    console.log(
      `probed ${probed} reads with ${scenarios.length} objects; refused without ids: ${refused.join(', ') || 'none'}; ` +
        `answers that change by themselves (searched for ids only): ${unsteady.join(', ') || 'none'}`,
    );
    expect(leaks).toEqual([]);
  });
});
