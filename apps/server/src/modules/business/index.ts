/**
 * Business forms (`/api/blade-business`): categories, data models bound to data sources, forms, designs and the
 * handle calls that fill them in. `business-form/listAll` feeds the workflow's process forms.
 */
import type { ServerModule } from '../../core/module.ts';
import { handleRoutes } from './handle.ts';
import { resourceRoutes } from './resources.ts';
import { seedBusiness } from './seed.ts';

export const businessModule: ServerModule = {
  name: 'business',
  uses: ['datasource', 'lowcode', 'system'],
  routes(app, ctx) {
    resourceRoutes(app, ctx);
    handleRoutes(app, ctx);
  },
  seed: seedBusiness,
};

export { formOf } from './resources.ts';
