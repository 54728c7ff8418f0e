/**
 * The generated benchmark network (`gis:generate`, gis/network.ts `optionsForPipes`) is hydraulically plausible:
 * its plants grow with the grid, so with the model's default demands most junctions stay above the 14 m service
 * pressure (with two plants only, 76,158 of the 100,000-pipe network's 76,162 junctions were below it). A size
 * that already needs plants inside the grid (4,000 pipes: two corner plants alone left a fifth of the junctions
 * of 4,800 pipes below 14 m), written into a tenant of its own and run through the API.
 */
import { describe, expect, it } from 'vitest';
import { appSuite, type TestApp } from '../../../test/harness.ts';
import { generateNetwork, optionsForPipes } from '../gis/network.ts';
import { writeNetwork } from '../gis/store.ts';
import { modelOf, tenantAdmin, waitRun } from './test-helpers.ts';

let t: TestApp;
appSuite((app) => (t = app), { timeout: 300_000 });

describe('the generated network as a hydraulic model', () => {
  it('keeps most junctions above 14 m at 4,000 pipes (plants scaled with the grid)', async () => {
    const admin = await tenantAdmin(t, '管网生成水力');
    const net = generateNetwork(optionsForPipes(4000));
    const plants = net.nodes.filter((n) => n.kind === 'source');
    expect(plants.length).toBeGreaterThan(2);
    await t.app.ctx.db.transaction((tx) => writeNetwork(tx, admin.tenantId, net));

    const model = (await modelOf(admin)).current;
    const text = await admin.get('/api/swp-hydraulic/model/inp');
    const reservoirs = text.body.split('[RESERVOIRS]')[1].split('[')[0];
    expect(reservoirs.split('\n').filter((l) => l.trim() && !l.startsWith(';')).length).toBe(plants.length);

    const res = await admin.post('/api/swp-hydraulic/run', { scenario: { type: 'base', minPressure: 14 } });
    expect(res.statusCode, res.body).toBe(200);
    const run = await waitRun(admin, res.json().data.id);
    expect(run.state, run.error).toBe('done');
    const junctions = model.nodes - plants.length;
    expect(junctions).toBeGreaterThan(2500);
    // under 2 % below the service pressure over the whole day, evening peak included
    expect(run.summary.belowCount / junctions).toBeLessThan(0.02);
  }, 300_000);
});
