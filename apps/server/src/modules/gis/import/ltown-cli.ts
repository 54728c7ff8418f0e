/**
 * `npm run demo:l-town`: creates (or brings up to date) the L-Town demo tenant on the configured database
 * (DATABASE_URL, or the embedded one under DATA_DIR) from the shared files `../shared/data/l-town/` beside the
 * repository (or SWP_LTOWN_DIR): tenant 200001 with its admin user, the network, the inlet stations and the 2019
 * flows and levels. The same as the administrator's button (POST /api/swp-gis/network/l-town). The embedded database
 * serves one process: stop the server first.
 */
import fs from 'node:fs';
import { loadConfig } from '../../../config.ts';

const config = loadConfig();
process.env.TZ = config.tz;

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
  const { lTownDir, createLTownTenant, L_TOWN } = await import('./ltown.ts');
  const { dir, tried } = lTownDir();
  if (!dir) {
    console.error(`L-Town files not found (looked in: ${tried.join(', ')}).`);
    console.error('Put the shared data beside the repository (../shared/data/l-town/) or set SWP_LTOWN_DIR.');
    process.exit(2);
  }
  if (!config.databaseUrl && (await serverRunning())) {
    console.error(`The server on port ${config.port} holds the embedded database: stop it first, then run this again.`);
    process.exit(1);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const { openDatabase } = await import('../../../db/connection.ts');
  const { prepareDatabase } = await import('../../../app.ts');
  const { LiveBus } = await import('../../../core/live.ts');
  const database = await openDatabase(config);
  try {
    // migrations and the (idempotent) seeds: the new tenant copies the platform's menus and dictionaries
    await prepareDatabase(config, database);
    const ctx = { config, database, db: database.db, live: new LiveBus(database.pool, false), isLeader: () => false };
    const t0 = Date.now();
    const r = await createLTownTenant(ctx, null, (m) => console.log(m));
    console.log(
      `L-Town ready in ${((Date.now() - t0) / 1000).toFixed(1)} s: tenant ${L_TOWN.tenantId} (${r.created ? 'created' : 'existed'}), ` +
        `sign in as admin / the initial password (parameter account.initPassword, default 123456). Data: ${r.dataDir}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err?.message ?? err);
  process.exit(1);
});
