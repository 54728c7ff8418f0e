/**
 * Decision support (辅助决策, issue 20, docs/hydraulics.md): an EPANET model of the tenant's network (epanet-js),
 * versioned with the network; extended-period runs in worker threads under the job queue, results stored per run;
 * what-if scenarios (burst shutdown, fire flow, demand growth). Depends on gis (export, shutdown analysis).
 */
import type { AppContext, ServerModule } from '../../core/module.ts';
import { onBurstPressure } from '../gis/index.ts';
import { onTenantProvisioned } from '../system/index.ts';
import { latestBurstRun } from './burst-pressure.ts';
import { seedMaterials } from './materials.ts';
import { stopWorkers } from './pool.ts';
import { hydraulicRoutes } from './routes.ts';
import { seedHydraulic } from './seed.ts';

export { type DemandSource, registerDemandSource } from './demand.ts';
export { type Scenario, type SimResult, simulate } from './engine.ts';

export const hydraulicModule: ServerModule = {
  name: 'hydraulic',
  uses: ['dma', 'gis', 'monitor', 'system'],
  init() {
    // the burst event and the crew's page show the latest burst what-if of their pipe
    onBurstPressure(latestBurstRun);
    // a utility created after start-up gets the common roughness table with its other defaults
    onTenantProvisioned((tx, tenantId) => seedMaterials({ db: tx as AppContext['db'] }, tenantId));
  },
  routes: hydraulicRoutes,
  seed: (ctx: AppContext) => seedHydraulic(ctx),
  async stop() {
    await stopWorkers();
  },
};
