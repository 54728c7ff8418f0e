/**
 * Code generation (`/blade-develop/code`, `/visualdev/Generater`): from a data-source table or an online module,
 * the files of a server module and a React screen in this repository's conventions, previewed or zipped.
 */
import type { ServerModule } from '../../core/module.ts';
import { developRoutes } from './routes.ts';

export const developModule: ServerModule = {
  name: 'develop',
  routes: (app, ctx) => developRoutes(app, ctx),
};

export { generate, modelFromForm, modelFromTable } from './generator.ts';
