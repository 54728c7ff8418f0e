/**
 * The field app (移动应用, issue 22): what the phone calls (my tasks, a task's map data, check-in with an
 * idempotency key and position, photos) and its administration (settings, devices, release notes). The app itself
 * is a second entry of the web build served at `/app` (apps/web/app.html). Patrol, gis and auth are used through
 * their index.ts; nothing imports this module.
 */
import type { AppContext, ServerModule } from '../../core/module.ts';
import { deviceRoutes } from './device.ts';
import { fieldRoutes } from './field.ts';
import { layerRoutes } from './layers.ts';
import { photoRoutes } from './photo.ts';
import { releaseRoutes } from './release.ts';
import { repairRoutes } from './repair.ts';
import { seedApp } from './seed.ts';
import { settingsRoutes } from './settings.ts';
import { workRoutes } from './work.ts';

export { type AppSettings, settingsOf } from './settings.ts';

export const appModule: ServerModule = {
  name: 'app',
  uses: ['auth', 'gis', 'patrol', 'quality', 'system', 'workflow'],
  routes(app, ctx: AppContext) {
    settingsRoutes(app, ctx);
    fieldRoutes(app, ctx);
    photoRoutes(app, ctx);
    deviceRoutes(app, ctx);
    releaseRoutes(app, ctx);
    workRoutes(app, ctx);
    repairRoutes(app, ctx);
    layerRoutes(app, ctx);
  },
  seed: (ctx: AppContext) => seedApp(ctx),
};
