/**
 * `npm run seed:monitor-year -w apps/server [-- --days 365]`: backfills the simulated stations' history to a year
 * (or the days given) on the configured database (DATABASE_URL, or the embedded one under DATA_DIR). Points already
 * stored are skipped, so it can run any number of times; new points go through the normal ingest path (raw points
 * and rollups together). The embedded database serves one process at a time: stop the server first.
 */
import { loadConfig } from '../../config.ts';
import { withCliDatabase } from '../../core/cli-database.ts';

const config = loadConfig();
process.env.TZ = config.tz;

const arg = process.argv.indexOf('--days');
const days = arg > 0 ? Number(process.argv[arg + 1]) : 365;
if (!Number.isFinite(days) || days <= 0) {
  console.error('usage: seed:monitor-year [-- --days N]   (N > 0, default 365)');
  process.exit(2);
}

async function main() {
  const { runMigrations } = await import('../../db/migrate.ts');
  const { ensureStations, fill, lastDue, simulatedSeries } = await import('./seed.ts');
  const { analyzeTables } = await import('./store.ts');

  const started = Date.now();
  await withCliDatabase(config, async (ctx) => {
    const { database } = ctx;
    await runMigrations(database.pool);
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
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
