import fs from 'node:fs';
import path from 'node:path';
import FormData from 'form-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, bootTestApp, clientOf, okData, type TestApp } from '../../../../test/harness.ts';
import { jobQueueOf } from '../../../core/job-queue.ts';
import { GIS_PROXY } from '../routes.ts';
import { parseInp } from './inp.ts';
import { MSG_IMPORT_BUSY } from './routes.ts';
import { shapefileZip } from './shp-writer.ts';
import { codeDnLayer } from './test-helpers.ts';

let t: TestApp;
let tenantA: string;
let tokenA: string;
let tokenB: string;

const fixture = (f: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', f));
const LOCAL = { crs: 'local', offsetX: '505000', offsetY: '3515000' };

async function newTenant(name: string): Promise<string> {
  const res = await t.post('/api/blade-system/tenant/submit', { tenantName: name });
  expect(res.statusCode, res.body).toBe(200);
  const list = await t.get('/api/blade-system/tenant/list', { tenantName: name });
  return list.json().data.records.find((r: { tenantName: string }) => r.tenantName === name).tenantId;
}

async function upload(
  token: string,
  file: Buffer | Uint8Array,
  filename: string,
  fields: Record<string, string>,
  url = '/api/swp-gis/network/import',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', Buffer.from(file), { filename });
  return t.call({
    method: 'POST',
    url,
    headers: { ...form.getHeaders(), ...authHeaders(token) },
    payload: form.getBuffer(),
  });
}

/** `fixtures/small.inp` in local coordinates, uploaded as `token` with `fields` (mode, dryRun). */
const uploadInp = (token: string, fields: Record<string, string>) =>
  upload(token, fixture('small.inp'), 'small.inp', { format: 'inp', ...LOCAL, ...fields });

/** `fixtures/small.geojson` in WGS 84, uploaded as `token` with `fields`. */
const uploadGeoJson = (token: string, fields: Record<string, string>) =>
  upload(token, fixture('small.geojson'), 'small.geojson', { format: 'geojson', crs: 'EPSG:4326', ...fields });

const as = (token: string) => clientOf(t, token);

async function count(token: string, layer: string, where = '1=1'): Promise<number> {
  const res = await as(token).get(`/api${GIS_PROXY}/${layer}/query`, { where, returnCountOnly: 'true', f: 'json' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().count;
}

beforeAll(async () => {
  t = await bootTestApp();
  await t.signIn();
  tenantA = await newTenant('导入测试水司A');
  const tenantB = await newTenant('导入测试水司B');
  // each new tenant's administrator (password 123456 as provisioned)
  tokenA = await t.tokenOf('admin', '123456', tenantA);
  tokenB = await t.tokenOf('admin', '123456', tenantB);
});
afterAll(() => t?.close());

describe('network import', () => {
  it('dry run reports what it found and writes nothing', async () => {
    const r = okData(await uploadInp(tokenA, { mode: 'merge', dryRun: 'true' }));
    expect(r).toMatchObject({
      dryRun: true,
      applied: false,
      junctions: 4,
      reservoirs: 1,
      tanks: 1,
      pipes: 4,
      valves: 1,
      pumps: 1,
      rejectedCount: 0,
      // 8 points (valve and pump included) and 8 pipes (4 connectors of the valve and pump)
      inserted: 16,
      unchanged: 0,
    });
    expect(r.warnings.map((w: { type: string; id: string }) => `${w.type}:${w.id}`)).toContain('zeroLength:P4');
    expect(await count(tokenA, 'pipe')).toBe(0);
  });

  it('applies in one go, draws on the layers, and a second apply of the same file changes nothing', async () => {
    const first = okData(await uploadInp(tokenA, { mode: 'merge', dryRun: 'false' }));
    expect(first).toMatchObject({ applied: true, inserted: 16 });
    expect(await count(tokenA, 'pipe')).toBe(8);
    expect(await count(tokenA, 'valve', "dno = 'V1'")).toBe(1);
    expect(await count(tokenA, 'source')).toBe(2);
    const again = okData(await uploadInp(tokenA, { mode: 'replace', dryRun: 'false' }));
    expect(again).toMatchObject({ applied: false, inserted: 0, updated: 0, deleted: 0, unchanged: 16 });
    expect(again.networkVersion).toBe(first.networkVersion);
    // the identify/query answer the imported attributes, in EPSG:4548
    const q = await as(tokenA).get(`/api${GIS_PROXY}/pipe/query`, { where: "dno = 'P2'", outFields: '*', f: 'json' });
    const p2 = q.json().features[0];
    expect(p2.attributes).toMatchObject({ dno: 'P2', diameter: 200, length: 50.5 });
    expect(p2.geometry.paths[0]).toEqual([
      [505100, 3515100],
      [505150, 3515120],
      [505200, 3515100],
    ]);
  });

  it('takes part in valve-shutdown analysis: a burst beside the PRV closes it', async () => {
    const q = await as(tokenA).get(`/api${GIS_PROXY}/pipe/query`, { where: "dno = 'P3'", outFields: 'gid', f: 'json' });
    const gid = q.json().features[0].attributes.gid;
    const res = await as(tokenA).post('/api/swp-dispatch/wsnc-squibbing-event/analyse', {
      pipeGid: gid,
      title: '导入管网爆管',
    });
    expect(res.statusCode, res.body).toBe(200);
    const valves = res.json().data.analysis.valves.map((v: { dno: string }) => v.dno);
    expect(valves).toContain('V1');
  });

  it('exports .inp and GeoJSON that import again unchanged', async () => {
    const inp = await as(tokenA).get('/api/swp-gis/network/export', { format: 'inp', crs: 'local' });
    expect(inp.statusCode, inp.body).toBe(200);
    const back = await parseInp(inp.body);
    expect(back.rejected).toEqual([]);
    expect(back.nodes.find((n) => n.id === 'J1')).toMatchObject({ x: 100, y: 100, elevation: 10 });
    expect(back.links.find((l) => l.id === 'P2')?.hydraulic).toMatchObject({ roughness: 120, minorLoss: 0.2 });
    expect(back.links.find((l) => l.id === 'V1')?.hydraulic).toMatchObject({ valveType: 'PRV', setting: 30 });
    expect(back.model?.patterns.P1).toEqual([0.5, 0.8, 1.2, 1.4, 1, 0.6]);
    const again = okData(
      await upload(tokenA, Buffer.from(inp.body), 'x.inp', { format: 'inp', ...LOCAL, mode: 'merge', dryRun: 'true' }),
    );
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 16 });

    const gj = await as(tokenA).get('/api/swp-gis/network/export', { format: 'geojson' });
    expect(gj.statusCode, gj.body).toBe(200);
    const doc = gj.json();
    expect(doc.features).toHaveLength(16);
    const viaGeoJson = okData(
      await upload(tokenA, Buffer.from(gj.body), 'n.geojson', {
        format: 'geojson',
        crs: 'EPSG:4548',
        mode: 'merge',
        dryRun: 'true',
      }),
    );
    expect(viaGeoJson.rejected).toEqual([]);
    expect(viaGeoJson).toMatchObject({ pipes: 8, deleted: 0 });
  });

  it('lists every rejected row with its reason and refuses to apply them unless told to skip', async () => {
    const dry = okData(await uploadGeoJson(tokenA, { dryRun: 'true' }));
    expect(dry.rejected.map((r: { id: string }) => r.id).sort()).toEqual(['BAD', 'L4', 'NOGEOM']);
    expect(dry.rejected.find((r: { id: string }) => r.id === 'L4').reason).toContain('管径');
    const refused = await uploadGeoJson(tokenA, { dryRun: 'false' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('3 行被拒绝');
    expect(await count(tokenA, 'pipe', "dno = 'L1'")).toBe(0);
    const merged = okData(await uploadGeoJson(tokenA, { mode: 'merge', dryRun: 'false', skipRejected: 'true' }));
    expect(merged).toMatchObject({ applied: true, deleted: 0 });
    // merge keeps the .inp network beside the GeoJSON one
    expect(await count(tokenA, 'pipe')).toBe(8 + 3);
    expect(await count(tokenA, 'hydrant', "dno = 'H1'")).toBe(1);
  });

  it('replace removes what the file does not have', async () => {
    const r = okData(await uploadInp(tokenA, { mode: 'replace', dryRun: 'false' }));
    // the GeoJSON's points (S1, N1, H1), its generated junction and 3 pipes go; V1, which the GeoJSON's valve of
    // the same code had replaced, is the .inp's PRV again
    expect(r).toMatchObject({ applied: true, inserted: 0, deleted: 7, updated: 1, unchanged: 15 });
    expect(await count(tokenA, 'pipe')).toBe(8);
    expect(await count(tokenA, 'hydrant')).toBe(0);
  });

  it('reads a zipped Shapefile', async () => {
    const zip = shapefileZip([
      codeDnLayer('pipes', 'line', [
        {
          coords: [
            [1000, 1000],
            [1100, 1000],
          ],
          props: { CODE: 'SHP1', DN: 300 },
        },
      ]),
    ]);
    const r = okData(
      await upload(tokenA, zip, 'net.zip', { format: 'shapefile', ...LOCAL, mode: 'merge', dryRun: 'false' }),
    );
    expect(r).toMatchObject({ pipes: 1, junctions: 2, applied: true });
    expect(await count(tokenA, 'pipe', "dno = 'SHP1'")).toBe(1);
  });

  it('keeps tenants apart', async () => {
    expect(await count(tokenB, 'pipe')).toBe(0);
    expect((await as(tokenB).get('/api/swp-gis/network/summary')).json().data).toMatchObject({
      pipes: 0,
      extent: null,
    });
    const a = (await as(tokenA).get('/api/swp-gis/network/summary')).json().data;
    expect(a.pipes).toBe(9);
    expect(a.extent[0]).toBeGreaterThanOrEqual(505_000);
    expect(a.extent[2]).toBeLessThanOrEqual(506_200);
    const gj = (await as(tokenB).get('/api/swp-gis/network/export', { format: 'geojson' })).json();
    expect(gj.features).toEqual([]);
    // the demo utility's network is untouched
    expect(await count(t.token as string, 'pipe')).toBeGreaterThan(4500);
    expect(await count(t.token as string, 'pipe', "dno = 'P2'")).toBe(0);
  });

  it('refuses bad parameters and files with a clear 400', async () => {
    const bad = async (fields: Record<string, string>, msg: string, file: Buffer = fixture('small.inp')) => {
      const res = await upload(tokenA, file, 'f', fields);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toContain(msg);
    };
    await bad({ format: 'dxf' }, 'format');
    await bad({ format: 'inp', crs: 'EPSG:3857' }, 'crs');
    await bad({ format: 'inp', mode: 'append' }, 'mode');
    await bad({ format: 'inp', crs: 'local', offsetX: 'abc' }, 'offsetX');
    await bad({ format: 'geojson' }, 'JSON', Buffer.from('{oops'));
    await bad({ format: 'shapefile' }, 'zip', Buffer.from('not a zip'));
    const json = await as(tokenA).post('/api/swp-gis/network/import', { format: 'inp' });
    expect(json.statusCode).toBe(400);
    // a second run after a failed one: the failed run wrote nothing
    expect(await count(tokenA, 'pipe')).toBe(9);
  });

  it('is a long job: a second import of the same tenant while one runs is refused, another tenant goes on', async () => {
    // hold the queue's place of tenant A's network import as a running import would (core/job-queue.ts)
    let release!: () => void;
    const held = jobQueueOf(t.app.ctx).submit(
      { kind: 'network-import', tenantId: tenantA, busyMessage: MSG_IMPORT_BUSY },
      () => new Promise<void>((r) => (release = r)),
    );
    try {
      const res = await uploadInp(tokenA, { dryRun: 'true' });
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json().msg).toBe(MSG_IMPORT_BUSY);
      const other = await uploadInp(tokenB, { dryRun: 'true' });
      expect(other.statusCode, other.body).toBe(200);
    } finally {
      release();
      await held.result;
    }
    const after = await uploadInp(tokenA, { dryRun: 'true' });
    expect(after.statusCode, after.body).toBe(200);
  });
});
