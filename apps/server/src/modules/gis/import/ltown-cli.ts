/**
 * `npm run demo:l-town`: creates (or brings up to date) the L-Town demo tenant on the configured database
 * (DATABASE_URL, or the embedded one under DATA_DIR) from the shared files `../shared/data/l-town/` beside the
 * repository (or SWP_LTOWN_DIR): tenant 200001 with its admin user, the network, the inlet stations and the 2019
 * flows and levels. The same as the administrator's button (POST /api/swp-gis/network/l-town). The embedded database
 * serves one process: stop the server first.
 */
import { loadConfig } from '../../../config.ts';
import { withCliDatabase } from '../../../core/cli-database.ts';

const config = loadConfig();
process.env.TZ = config.tz;

async function main() {
  const { lTownDir, createLTownTenant, L_TOWN } = await import('./ltown.ts');
  const { dir, tried } = lTownDir();
  if (!dir) {
    console.error(`L-Town files not found (looked in: ${tried.join(', ')}).`);
    console.error('Put the shared data beside the repository (../shared/data/l-town/) or set SWP_LTOWN_DIR.');
    process.exit(2);
  }
  const { prepareDatabase } = await import('../../../app.ts');
  await withCliDatabase(config, async (ctx) => {
    // migrations and the (idempotent) seeds: the new tenant copies the platform's menus and dictionaries
    await prepareDatabase(config, ctx.database);
    const t0 = Date.now();
    const r = await createLTownTenant(ctx, null, (m) => console.log(m));
    console.log(
      `L-Town ready in ${((Date.now() - t0) / 1000).toFixed(1)} s: tenant ${L_TOWN.tenantId} (${r.created ? 'created' : 'existed'}), ` +
        `sign in as admin / the initial password (parameter account.initPassword, default 123456). Data: ${r.dataDir}`,
    );
  });
}

main().catch((err) => {
  console.error(err?.message ?? err);
  process.exit(1);
});
