/**
 * Data services: data sources (JNPF `/system/DataSource`, BladeX `/blade-develop/datasource[-table]`), data models
 * (`/system/DataModel`), data interfaces (`/system/DataInterface`, `/system/DataInterfaceLog`), data sync
 * (`/system/DataSync/Actions/Execute`), backups (`/system/DataBackup`) and reports (`/blade-report/report/rest`).
 */
import type { ServerModule } from '../../core/module.ts';
import { backupRoutes, markInterrupted } from './backup.ts';
import { interfaceRoutes } from './interfaces.ts';
import { reportRoutes } from './report.ts';
import { sourceRoutes } from './routes.ts';
import { seedDatasource } from './seed.ts';
import { syncRoutes } from './sync.ts';

export const datasourceModule: ServerModule = {
  name: 'datasource',
  uses: ['lowcode', 'system'],
  // backups a stopped process left queued or running can never end: failed, and deletable
  init: (ctx) => markInterrupted(ctx, true),
  routes(app, ctx) {
    sourceRoutes(app, ctx);
    interfaceRoutes(app, ctx);
    syncRoutes(app, ctx);
    backupRoutes(app, ctx);
    reportRoutes(app, ctx);
  },
  seed: seedDatasource,
};

export { type Column, DB_TYPES, withSession } from './connect.ts';
export { runInterface } from './interfaces.ts';
export { columnsOf, OWN_DB, settingsOf, tablesOf } from './sources.ts';
