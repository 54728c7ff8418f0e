/**
 * Hydraulics (issue 20), on a scratch PostgreSQL database `bench_hydraulics_<pid>` (TEST_DATABASE_URL's server,
 * default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end: L-Town imported, then a 24 h run (1 h
 * reporting) through the product's run service (queue, worker thread, packed result written) with the model cached,
 * against the bare engine (epanet-js: open, run every hydraulic step, read every node and link at each hour) on the
 * same file in the same process. Run alone: `npm run bench -- hydraulics`.
 */
import pg from 'pg';
import { withDb } from './harness.ts';

const s = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

export async function benchHydraulics(): Promise<{ name: string; lines: string[] }> {
  const lines: string[] = [];
  const base = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `bench_hydraulics_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const { connectDatabase } = await import('../apps/server/src/db/connection.ts');
  const { runMigrations } = await import('../apps/server/src/db/migrate.ts');
  const { importNetwork } = await import('../apps/server/src/modules/gis/import/service.ts');
  const { L_TOWN, lTownDir } = await import('../apps/server/src/modules/gis/import/ltown.ts');
  const { startRun, getRun } = await import('../apps/server/src/modules/hydraulic/runs.ts');
  const { stopWorkers } = await import('../apps/server/src/modules/hydraulic/pool.ts');
  const { simulate } = await import('../apps/server/src/modules/hydraulic/engine.ts');
  const database = connectDatabase(withDb(base, dbName), 'postgresql');
  try {
    await runMigrations(database.pool);
    const { dir } = lTownDir();
    if (!dir) {
      lines.push('- skipped: the shared L-Town data set is not beside the repository');
      return { name: 'hydraulics', lines };
    }
    const fs = await import('node:fs');
    const path = await import('node:path');
    const inp = fs.readFileSync(path.join(dir, 'L-TOWN.inp'));
    const tenant = 'BENCHHY';
    await importNetwork({ db: database.db }, tenant, inp, {
      format: 'inp',
      crs: 'local',
      offsetX: L_TOWN.offsetX,
      offsetY: L_TOWN.offsetY,
      mode: 'replace',
      skipRejected: false,
      dryRun: false,
    });
    // the run service needs the database, the queue's limit and a live channel (nobody listens here)
    const ctx = {
      db: database.db,
      config: { jobLimit: 2 },
      live: { publish: async () => {} },
    } as unknown as Parameters<typeof startRun>[0];
    const body = { duration: 86400, step: 3600, scenario: { type: 'base' as const, minPressure: 14 } };
    const viaApi = async () => {
      const t0 = performance.now();
      const r = await startRun(ctx, tenant, null, body);
      for (;;) {
        const run = await getRun(ctx, tenant, r.id);
        if (run.state === 'done' || run.state === 'failed') {
          if (run.state === 'failed') throw new Error(run.error ?? 'failed');
          return performance.now() - t0;
        }
        await new Promise((res) => setTimeout(res, 5));
      }
    };
    const text = inp.toString('utf8');
    const bare = async () => {
      const t0 = performance.now();
      await simulate(text, { duration: 86400, step: 3600 });
      return performance.now() - t0;
    };
    // warm: the model built and stored, the worker started and its engine loaded
    await viaApi();
    await bare();
    const api: number[] = [];
    const eng: number[] = [];
    for (let i = 0; i < 5; i++) {
      api.push(await viaApi());
      eng.push(await bare());
    }
    const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
    const a = med(api);
    const e = med(eng);
    lines.push(
      `- L-Town 24 h run (1 h reporting, model cached), median of 5: through the run service ${s(a)} ` +
        `(queue, worker thread, result packed and stored, state polled every 5 ms); bare engine ${s(e)}; ` +
        `engine / API = ${((e / a) * 100).toFixed(0)} % (goal ≥ 70 %; goal for the API run ≤ 1 s)`,
    );
    return { name: 'hydraulics', lines };
  } finally {
    await stopWorkers();
    await database.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
