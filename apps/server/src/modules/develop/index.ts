/**
 * Code generation (`/blade-develop/code`, `/visualdev/Generater`): from a data-source table or an online module,
 * the files of a server module and a React screen in this repository's conventions, previewed or zipped.
 */
import type { ServerModule } from '../../core/module.ts';
import { seedSpringBladeToolButtons } from '../system/index.ts';
import { developRoutes } from './routes.ts';

export const developModule: ServerModule = {
  name: 'develop',
  uses: ['datasource', 'lowcode', 'system'],
  routes: (app, ctx) => developRoutes(app, ctx),
  // SpringBlade's button codes of the code tools (their screens come from the datasource module's seed, before)
  seed: (ctx) => seedSpringBladeToolButtons(ctx),
};

export { generate, modelFromForm, modelFromTable } from './generator.ts';
