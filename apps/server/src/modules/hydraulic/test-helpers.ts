/** Shared by the hydraulic API tests: a tenant with an imported .inp, and waiting for a run. */
import { CountType, InitHydOption, LinkProperty, NodeProperty, Project, TimeParameter, Workspace } from 'epanet-js';
import FormData from 'form-data';
import { expect } from 'vitest';
import { basic, signInCall, type TestApp } from '../../../test/harness.ts';

/** A new tenant and its administrator's calls (for wrong-tenant probes). */
export async function tenantAdmin(t: TestApp, name: string) {
  const res = await t.post('/api/blade-system/tenant/submit', { tenantName: name });
  expect(res.statusCode, res.body).toBe(200);
  const list = await t.get('/api/blade-system/tenant/list', { tenantName: name });
  const tenantId: string = list.json().data.records.find((r: { tenantName: string }) => r.tenantName === name).tenantId;
  const login = await signInCall(t, 'admin', '123456', tenantId, { type: false });
  expect(login.statusCode, login.body).toBe(200);
  const headers = { authorization: basic(), 'blade-auth': `bearer ${login.json().access_token}` };
  return {
    tenantId,
    /** the administrator's headers, for calls of another shape (uploads) */
    headers,
    get: (url: string, query?: Record<string, string>) => t.call({ method: 'GET', url, query, headers }),
    post: (url: string, body: unknown) => t.call({ method: 'POST', url, payload: body as object, headers }),
  };
}

export async function tenantWithInp(t: TestApp, name: string, inp: Buffer | string, file: string) {
  const { tenantId, headers, get, post } = await tenantAdmin(t, name);
  const form = new FormData();
  for (const [k, v] of Object.entries({
    format: 'inp',
    crs: 'local',
    offsetX: '505000',
    offsetY: '3515000',
    mode: 'replace',
    dryRun: 'false',
  }))
    form.append(k, v);
  form.append('file', Buffer.from(inp), { filename: file });
  const up = await t.call({
    method: 'POST',
    url: '/api/swp-gis/network/import',
    headers: { ...form.getHeaders(), ...headers },
    payload: form.getBuffer(),
  });
  expect(up.statusCode, up.body).toBe(200);
  expect(up.json().data.rejectedCount).toBe(0);
  return { tenantId, as: { get, post } };
}

/** The fields of each [PIPES] row of an .inp text (the model's), comments and blank lines left out. */
export function pipeFields(text: string): string[][] {
  const out: string[][] = [];
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) section = line;
    else if (section === '[PIPES]' && line && !line.startsWith(';')) out.push(line.split(/\s+/));
  }
  return out;
}

type Caller = { get: (url: string, query?: Record<string, string>) => ReturnType<TestApp['get']> };

/**
 * `GET /model` until the model is there: a build that outlasts MODEL_WAIT_MS (a loaded machine) answers
 * `current: null` with its progress, as the screen sees it, and the screen asks again.
 */
export async function modelOf(c: Caller, limitMs = 240_000) {
  const until = Date.now() + limitMs;
  for (;;) {
    const res = await c.get('/api/swp-hydraulic/model');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    if (data.current) return data;
    expect(data.building.progress).toBeGreaterThanOrEqual(0);
    if (Date.now() > until) throw new Error('model still building');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Polls the run until it is done or failed (the engine runs in a worker; the server answers meanwhile). */
export async function waitRun(c: Caller, id: string, limitMs = 240_000) {
  const until = Date.now() + limitMs;
  for (;;) {
    const res = await c.get(`/api/swp-hydraulic/run/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json().data;
    if (run.state === 'done' || run.state === 'failed') return run;
    if (Date.now() > until) throw new Error(`run ${id} still ${run.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** |a − b| within 1e-6 of |b| (or 1e-6 absolute around zero). */
export function close6(a: number, b: number, what: string) {
  const tol = 1e-6 * Math.max(Math.abs(b), 1);
  expect(Math.abs(a - b), `${what}: ${a} vs ${b}`).toBeLessThanOrEqual(tol);
}

/** The bare toolkit, none of the product's code: values at each multiple of `step` for the named items. */
export async function direct(inp: string, nodes: string[], links: string[], step: number) {
  const ws = new Workspace();
  await ws.loadModule();
  ws.writeFile('direct.inp', inp);
  const p = new Project(ws);
  p.open('direct.inp', 'direct.rpt', '');
  p.setTimeParameter(TimeParameter.Duration, 86400);
  p.setTimeParameter(TimeParameter.ReportStep, step);
  const ni = nodes.map((c) => p.getNodeIndex(c));
  const li = links.map((c) => p.getLinkIndex(c));
  const units = p.getFlowUnits();
  const out = new Map<number, { pressure: number[]; head: number[]; flow: number[]; velocity: number[] }>();
  p.openH();
  p.initH(InitHydOption.NoSave);
  do {
    const time = p.runH();
    if (time % step === 0)
      out.set(time, {
        pressure: ni.map((i) => p.getNodeValue(i, NodeProperty.Pressure)),
        head: ni.map((i) => p.getNodeValue(i, NodeProperty.Head)),
        flow: li.map((i) => p.getLinkValue(i, LinkProperty.Flow)),
        velocity: li.map((i) => p.getLinkValue(i, LinkProperty.Velocity)),
      });
  } while (p.nextH() > 0);
  p.closeH();
  const counts = { nodes: p.getCount(CountType.NodeCount), links: p.getCount(CountType.LinkCount) };
  p.close();
  return { out, units, counts };
}
