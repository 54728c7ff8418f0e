import { migratedScratch } from './harness.ts';

const s = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

export async function benchHydraulics(): Promise<{ name: string; lines: string[] }> {
  const lines: string[] = [];
  const { database, drop } = await migratedScratch(`bench_hydraulics_${process.pid}`);
  const { importNetwork } = await import('../apps/server/src/modules/gis/import/service.ts');
  const { L_TOWN, lTownDir } = await import('../apps/server/src/modules/gis/import/ltown.ts');
  const { startRun, getRun } = await import('../apps/server/src/modules/hydraulic/runs.ts');
  const { stopWorkers } = await import('../apps/server/src/modules/hydraulic/pool.ts');
  const { simulate } = await import('../apps/server/src/modules/hydraulic/engine.ts');
  try {
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
    const text = inp.toString('utf8');
    /** a run through the run service, polled until it ends: its time and summary */
    const viaApiOf = async (b: Parameters<typeof startRun>[3]) => {
      const t0 = performance.now();
      const r = await startRun(ctx, tenant, null, b);
      for (;;) {
        const run = await getRun(ctx, tenant, r.id);
        if (run.state === 'done' || run.state === 'failed') {
          if (run.state === 'failed') throw new Error(run.error ?? 'failed');
          return { ms: performance.now() - t0, summary: run.summary as Record<string, unknown> };
        }
        await new Promise((res) => setTimeout(res, 5));
      }
    };
    const viaApi = async () => (await viaApiOf(body)).ms;
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
    lines.push(...(await burstWhatIf(ctx, database.db, tenant, text, viaApiOf)));
    return { name: 'hydraulics', lines };
  } finally {
    await stopWorkers();
    await drop();
  }
}

/**
 * The burst what-if on L-Town (hydro2's section): the shutdown analysis of a burst on a pipe gives the valves; the
 * run service closes them, runs the model as it is and with them closed, compares, lists the customers below the
 * minimum and draws the low-pressure area. Against the bare engine doing the two runs (as it is, valves closed) on
 * the same file in the same process. The first pipes in gid order whose shutdown has valves are taken.
 */
async function burstWhatIf(
  ctx: unknown,
  db: unknown,
  tenant: string,
  text: string,
  viaApi: (b: never) => Promise<{ ms: number; summary: Record<string, unknown> }>,
): Promise<string[]> {
  const { sql } = await import('drizzle-orm');
  const { analysePipe } = await import('../apps/server/src/modules/gis/index.ts');
  const { simulate } = await import('../apps/server/src/modules/hydraulic/engine.ts');
  type Db = Parameters<typeof analysePipe>[0];
  const pipes = await (db as Db).execute<{ gid: number }>(
    sql`select gid from swp_gis_pipe where tenant_id = ${tenant} and is_deleted = 0 order by gid limit 400`,
  );
  let pick: { gid: number; valves: string[] } | null = null;
  for (const { gid } of pipes.rows) {
    const a = await analysePipe(db as Db, tenant, Number(gid));
    if (a.valves.length) {
      pick = { gid: Number(gid), valves: a.valves.map((v) => v.dno) };
      break;
    }
  }
  void ctx;
  if (!pick) return ['- burst what-if on L-Town: skipped, no pipe among the first 400 has a shutdown with valves'];
  const body = {
    duration: 86400,
    step: 3600,
    scenario: { type: 'burst' as const, pipeGid: pick.gid, minPressure: 14 },
  } as never;
  const bare = async () => {
    const t0 = performance.now();
    await simulate(text, { duration: 86400, step: 3600 });
    await simulate(text, {
      duration: 86400,
      step: 3600,
      scenario: { closeValves: (pick as { valves: string[] }).valves },
    });
    return performance.now() - t0;
  };
  const first = await viaApi(body);
  await bare();
  const api: number[] = [];
  const eng: number[] = [];
  for (let i = 0; i < 5; i++) {
    api.push((await viaApi(body)).ms);
    eng.push(await bare());
  }
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  const a = med(api);
  const e = med(eng);
  const f = first.summary;
  return [
    `- L-Town burst what-if on pipe gid ${pick.gid} (${pick.valves.length} valves closed: analysis, run as is and ` +
      `with the valves closed, compare, customers below 14 m, low-pressure area), median of 5: through the run ` +
      `service ${s(a)}; bare engine (the same two runs) ${s(e)}; engine / API = ${((e / a) * 100).toFixed(0)} % ` +
      `(goal ≤ 2 s); found ${f.newlyBelowCount} junctions newly below, ${f.customerCount} customers, ` +
      `${(f.area as { polygons: unknown[] } | undefined)?.polygons.length ?? 0} area polygon(s)`,
  ];
}
