/**
 * Billing and charging (营业收费): the water tariffs (水价标准) of a utility, tiered for residential water, with the
 * comprehensive price computed by the server. Its screen sits in the `billing` business area.
 */
import type { AppContext, ServerModule } from '../../core/module.ts';
import { seedBilling } from './seed.ts';
import { tariffResource } from './tariff.ts';

export { meterRead } from './schema.ts';
export { totalOf, WATER_CATEGORY } from './tariff.ts';

export const billingModule: ServerModule = {
  name: 'billing',
  uses: ['system'],
  routes(app, ctx: AppContext) {
    tariffResource.routes(app, ctx);
  },
  seed: (ctx: AppContext) => seedBilling(ctx),
};
