/**
 * Data services in the JNPF dialect (`/system/DictionaryType`, `/system/DictionaryData`, `/system/Area`,
 * `/system/BillRule`, `/system/CommonFields`) and the BladeX `sequence` family over the bill rules. Other modules
 * number their documents with `nextBillNumber(db, tenantId, code)`.
 */
import type { ServerModule } from '../../core/module.ts';
import { registerAreaRoutes } from './area.ts';
import { registerBillRuleRoutes } from './billrule.ts';
import { registerCommonFieldRoutes } from './commonfields.ts';
import { registerDictionaryRoutes } from './dictionary.ts';
import { seedDataservice } from './seed.ts';

export const dataserviceModule: ServerModule = {
  name: 'dataservice',
  uses: ['system'],
  routes(app, ctx) {
    registerDictionaryRoutes(app, ctx);
    registerAreaRoutes(app, ctx);
    registerBillRuleRoutes(app, ctx);
    registerCommonFieldRoutes(app, ctx);
  },
  seed: seedDataservice,
};

export { nextBillNumber, previewNumber } from './billrule.ts';
