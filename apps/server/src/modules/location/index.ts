/**
 * Staff location (人员定位, spec 2 §1, §3, §7 "GIS, coordinates, location"): the position ingest, the latest
 * position of each person, traces, personnel monitoring counts, the live stream, and the simulator that walks the
 * demo patrol staff along their routes during working hours (jobs leader).
 */
import type { AppContext, ServerModule } from '../../core/module.ts';
import { batchers, locationRoutes } from './routes.ts';
import { seedLocation } from './seed.ts';
import { StaffSimulator } from './simulator.ts';

export { POSITIONS_TOPIC } from './simulator.ts';
export { type Report, storeReports } from './store.ts';

const sims = new Set<StaffSimulator>();

export const locationModule: ServerModule = {
  name: 'location',
  uses: ['gis', 'monitor', 'patrol', 'system'],
  routes: (app, ctx: AppContext) => locationRoutes(app, ctx),
  seed: (ctx: AppContext) => seedLocation(ctx),
  lead(ctx: AppContext) {
    const s = new StaffSimulator(ctx);
    sims.add(s);
    s.start();
  },
  async stop() {
    for (const b of batchers) b.stop();
    batchers.clear();
    const all = [...sims];
    sims.clear();
    await Promise.all(all.map((s) => s.stop()));
  },
};
