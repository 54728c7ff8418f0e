/**
 * Low-code: online modules (`/api/visualdev/Base`) and their records (`/api/visualdev/OnlineDev`), checked against
 * the shared form schema and field rules (`@swp/contract` lowcode + lowcode-rules). Other modules (business forms,
 * code generation, workflow process forms) use the exports below.
 */
import type { ServerModule } from '../../core/module.ts';
import { lowcodeRoutes } from './routes.ts';
import { seedLowcode } from './seed.ts';

export const lowcodeModule: ServerModule = {
  name: 'lowcode',
  uses: ['dataservice', 'system'],
  routes: (app, ctx) => lowcodeRoutes(app, ctx),
  seed: seedLowcode,
};

export { calculate } from './calc.ts';
export { assertRecord, KNOWN_KEYS, parseForm, ruleMessage } from './form-schema.ts';
export { findModule, modulesByIds, parseColumns, searchFields } from './modules.ts';
export { displayRecords } from './record-display.ts';
export {
  bodyData,
  filterConditions,
  findRecord,
  insertRecord,
  listRecords,
  type ModuleLike,
  present,
  removeRecords,
  textOf,
  updateRecord,
} from './records.ts';
export { screenMenu } from './seed.ts';
