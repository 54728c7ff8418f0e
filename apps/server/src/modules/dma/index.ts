/**
 * DMA分区 (issue 19, docs/dma.md): district metered areas as a zone tree with boundaries, boundary valves,
 * metered inlets/outlets and computed membership; the IWA water balance with uncertainties; minimum night flow;
 * leak detection (burst step test + CUSUM) with leak events, alarms and repair dispatch through 爆管抢修.
 * Depends on monitor (series, rollups), gis (network, DMAs), alarm (raiseAlarm), billing (meter reads) and
 * workflow (startProcess, onInstanceEnded).
 */
import { leaderJob } from '../../core/jobs.ts';
import type { AppContext, ServerModule } from '../../core/module.ts';
import { onLTownImported } from '../gis/index.ts';
import { onInstanceEnded } from '../workflow/index.ts';
import { REPAIR_PROCESS, repairEnded } from './dispatch.ts';
import { detectLive, LEAK_TICK_MS } from './leak.ts';
import { detectLTownHistory, ensureLTownSupply, ensureLTownZones } from './ltown.ts';
import { dmaRoutes } from './routes.ts';
import { seedDma } from './seed.ts';
import { zoneByCode } from './zones.ts';

export { computeBalance } from './balance.ts';
export { detectLeaks } from './detector.ts';
export { detectLTownHistory, ensureLTownZones, L_TOWN_ZONES } from './ltown.ts';
export { type InflowProfile, inflowProfiles } from './profile.ts';
export { balanceOf, ranking } from './water-balance.ts';

/** A zone's boundary ring (EPSG:4548) by code, for the hydraulic model's growth of one DMA; 400 when there is none. */
export async function zoneRing(db: AppContext['db'], tenantId: string, code: string) {
  return (await zoneByCode(db, tenantId, code)).boundary;
}

/** Live leak detection in the jobs leader: a leader loop, so it checks leadership before every pass. */
const leakWatch = leaderJob('dma leak detection', detectLive, LEAK_TICK_MS, 60_000);

export const dmaModule: ServerModule = {
  name: 'dma',
  uses: ['alarm', 'billing', 'gis', 'monitor', 'system', 'workflow'],
  init() {
    onInstanceEnded(REPAIR_PROCESS, repairEnded);
    // the L-Town tenant (gis's one-step import) gets its zones and a detection run over its year
    onLTownImported(async (ctx, tenantId, userId) => {
      await ensureLTownSupply(ctx, tenantId, userId);
      return {
        zones: await ensureLTownZones(ctx, tenantId, userId),
        leakEvents: await detectLTownHistory(ctx, tenantId),
      };
    });
  },
  routes: dmaRoutes,
  seed: (ctx: AppContext) => seedDma(ctx),
  lead(ctx: AppContext) {
    leakWatch.lead(ctx);
  },
  async stop() {
    await leakWatch.stop();
  },
};
