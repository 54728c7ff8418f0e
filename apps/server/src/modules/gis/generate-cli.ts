/**
 * `npm run gis:generate -- --pipes 100000 [--tenant 000000] [--seed 7]`: replaces a tenant's pipe network with a
 * generated one of about that many pipes (the benchmark network: `optionsForPipes`, same street density as the
 * demo's, not tied to the monitoring stations) on the configured database (DATABASE_URL, or the embedded one under
 * DATA_DIR). Pipes, nodes (junctions, valves, meters, hydrants, …), DMAs, roads and places are written in one
 * transaction and the tenant's network version moves on, so running servers reload their graph on the next
 * analysis. The seed at start leaves a tenant that has a network alone, so the generated one survives restarts.
 * The embedded database serves one process at a time: stop the server first.
 */
import { loadConfig } from '../../config.ts';
import { withCliDatabase } from '../../core/cli-database.ts';

const config = loadConfig();
process.env.TZ = config.tz;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const pipes = Number(arg('pipes') ?? 100_000);
const tenantId = arg('tenant') ?? '000000';
const seed = Number(arg('seed') ?? 7);
if (
  !Number.isInteger(pipes) ||
  pipes < 50 ||
  pipes > 2_000_000 ||
  !Number.isInteger(seed) ||
  !/^\w{1,12}$/.test(tenantId)
) {
  console.error('usage: gis:generate [-- --pipes N] [--tenant ID] [--seed S]   (50 ≤ N ≤ 2,000,000; default 100000)');
  process.exit(2);
}

async function main() {
  await withCliDatabase(config, async ({ database }) => {
    const { runMigrations } = await import('../../db/migrate.ts');
    const { generateNetwork, optionsForPipes } = await import('./network.ts');
    const { writeNetwork } = await import('./store.ts');
    const { GIS_SEED_LOCK } = await import('./seed.ts');
    const { sql } = await import('drizzle-orm');

    const t0 = Date.now();
    const net = generateNetwork(optionsForPipes(pipes, seed));
    const genMs = Date.now() - t0;
    console.log(
      `Generated ${net.pipes.length.toLocaleString('en')} pipes, ${net.nodes.length.toLocaleString('en')} nodes, ${net.dmas.length} DMAs in ${(genMs / 1000).toFixed(1)} s; writing to tenant ${tenantId}…`,
    );
    await runMigrations(database.pool);
    const t1 = Date.now();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${GIS_SEED_LOCK})`);
      await writeNetwork(tx, tenantId, net);
    });
    for (const t of ['swp_gis_pipe', 'swp_gis_node', 'swp_gis_dma', 'swp_gis_road', 'swp_gis_place']) {
      await database.pool.query(`analyze ${t}`);
    }
    console.log(
      `Done: ${net.pipes.length.toLocaleString('en')} pipes written in ${((Date.now() - t1) / 1000).toFixed(1)} s (${database.kind} database).`,
    );
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
