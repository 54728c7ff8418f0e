/**
 * The customer and water-meter register (营业收费 › 用户管理, issue 18): customers, their meters, meter reads, the
 * xlsx imports of all three, and `meterConsumption` (GIS meter feature → average demand in L/s) for the hydraulic
 * model's demands.
 */
import { ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext, ServerModule } from '../../core/module.ts';
import { registerXlsxImport } from '../../core/xlsx-import.ts';
import { registerDemandSource } from '../hydraulic/index.ts';
import { customerImport, meterImport, readingImport } from './import.ts';
import {
  CALIBERS,
  CUSTOMER_STATUS,
  CUSTOMER_TYPES,
  customerResource,
  METER_STATUS,
  METER_TYPES,
  meterConsumption,
  meterResource,
  readingResource,
} from './register.ts';
import { seedCustomer } from './seed.ts';

export { CUSTOMER_TYPES, METER_TYPES, meterConsumption } from './register.ts';

export const customerModule: ServerModule = {
  name: 'customer',
  uses: ['billing', 'gis', 'hydraulic', 'system'],
  // the hydraulic model's demands come from the meters' reads where there are any (docs/hydraulics.md, Demands)
  init() {
    registerDemandSource((ctx, tenantId) => meterConsumption(ctx.db, tenantId));
  },
  routes(app, ctx: AppContext) {
    customerResource.routes(app, ctx);
    meterResource.routes(app, ctx);
    readingResource.routes(app, ctx);
    registerXlsxImport(app, ctx, {
      base: '/swp-customer/customer/import',
      grant: byMenu('customer_info_import'),
      spec: customerImport,
    });
    registerXlsxImport(app, ctx, {
      base: '/swp-customer/meter/import',
      grant: byMenu('customer_meter_import'),
      spec: meterImport,
    });
    registerXlsxImport(app, ctx, {
      base: '/swp-customer/reading/import',
      grant: byMenu('customer_reading_import'),
      spec: readingImport,
    });
    // the forms' choices
    app.get('/swp-customer/dict', byMenu('customer_info', 'customer_meter', 'customer_reading'), async () =>
      ok({
        customerTypes: CUSTOMER_TYPES,
        meterTypes: METER_TYPES,
        calibers: CALIBERS,
        customerStatus: CUSTOMER_STATUS,
        meterStatus: METER_STATUS,
      }),
    );
  },
  seed: (ctx: AppContext) => seedCustomer(ctx),
};
