/**
 * 大屏展示 (issue 21, docs/screen.md): full-screen dashboards (utility overview, dispatch) for a wall display, their
 * data for signed-in viewers and through time-limited, revocable share links of one screen.
 * Depends on dispatch (diagram, supply plan), dma (NRW ranking), monitor (series, raw points).
 */
import type { ServerModule } from '../../core/module.ts';
import { screenRoutes } from './routes.ts';
import { seedScreen } from './seed.ts';

export { SCREENS } from './catalog.ts';

export const screenModule: ServerModule = {
  name: 'screen',
  uses: ['alarm', 'dispatch', 'dma', 'gis', 'monitor', 'patrol', 'quality', 'system', 'workflow'],
  routes: screenRoutes,
  seed: (ctx) => seedScreen(ctx),
};
