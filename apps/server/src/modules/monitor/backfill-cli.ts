/**
 * `npm run seed:monitor-year -w apps/server [-- --days 365]`: backfills the simulated stations' history to a year
 * (or the days given) on the configured database (DATABASE_URL, or the embedded one under DATA_DIR). Points already
 * stored are skipped, so it can run any number of times; new points go through the normal ingest path (raw points
 * and rollups together). The embedded database serves one process at a time: stop the server first.
 */
import fs from 'node:fs';
import { loadConfig } from '../../config.ts';

const config = loadConfig();
process.env.TZ = config.tz;

const arg = process.argv.indexOf('--days');
const days = arg > 0 ? Number(process.argv[arg + 1]) : 365;
if (!Number.isFinite(days) || days <= 0) {
  console.error('usage: seed:monitor-year [-- --days N]   (N > 0, default 365)');
  process.exit(2);
}

async function serverRunning(): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/api/health`, { signal: AbortSignal.timeout(1000) });
    const body = (await res.json()) as { data?: { database?: { kind?: string } } };
    return body?.data?.database?.kind === 'embedded';
  } catch {
    return false;
  }
}

async function main() {
  if (!config.databaseUrl && (await serverRunning())) {
    console.error(`The server on port ${config.port} holds the embedded database: stop it first, then run this again.`);
    process.exit(1);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const { openDatabase } = await import('../../db/connection.ts');
  const { runMigrations } = await import('../../db/migrate.ts');
  const { LiveBus } = await import('../../core/live.ts');
  const { ensureStations, fill, lastDue, simulatedSeries } = await import('./seed.ts');
  const { analyzeTables } = await import('./store.ts');

  const started = Date.now();
  const database = await openDatabase(config);
  try {
    await runMigrations(database.pool);
    const live = new LiveBus(database.pool, false);
    const ctx = { config, database, db: database.db, live, isLeader: () => false };
    await ensureStations(ctx);
    const series = await simulatedSeries(ctx);
    const now = Date.now();
    const from = now - days * 86_400_000;
    console.log(
      `Backfilling ${series.length} series of simulated stations to ${days} days (${database.kind} database)…`,
    );
    let last = 0;
    const added = await fill(
      ctx,
      series,
      (s) => {
        const step = s.stepSeconds * 1000;
        // before the first stored point, and from the last one up to now (both skipped when already there)
        const end = lastDue(now, s.field, s.stepSeconds);
        if (!s.firstTs || !s.lastTs) return [from, end];
        return [
          [from, s.firstTs.getTime() - 1],
          [s.lastTs.getTime() + step, end],
        ];
      },
      (n) => {
        if (n - last >= 500_000) {
          last = n;
          console.log(`  ${n.toLocaleString('en')} points… (${Math.round((Date.now() - started) / 1000)} s)`);
        }
      },
    );
    await analyzeTables(database.pool);
    const secs = (Date.now() - started) / 1000;
    console.log(
      `Done: ${added.toLocaleString('en')} new points in ${secs.toFixed(1)} s (${Math.round(added / secs).toLocaleString('en')} points/s).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
