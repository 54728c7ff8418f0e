/**
 * The system family (tenants, clients, users, roles, departments, posts, menus, dictionaries, parameters).
 * The demo utility's seed, every `/blade-system/*` family (routes.ts), the data-scope provider, and the functions
 * other modules call from their own seeds and services.
 */
import type { ServerModule } from '../../core/module.ts';
import { seedAdministration, seedScreenScopes } from './admin-seed.ts';
import { installDataScopes } from './data-scope.ts';
import { seedAdminScreenMenus } from './menus-admin.ts';
import { systemRoutes } from './routes.ts';
import { seedSystem } from './seed.ts';

export { type ApiScopeSeed, type DataScopeSeed, ensureScopes, seedSpringBladeToolButtons } from './admin-seed.ts';
export { invalidateDataScopes, SCOPE_CHANGED_TOPIC } from './data-scope.ts';
export { deptIdsBelow } from './dept-subtree.ts';
export { dictionaryOf } from './dict.ts';
export { dictionaryItems } from './dict-items.ts';
export { dropGrantsOfHolders, dropGrantsOfItems, dropRoleLinks, type GrantHolder } from './grant-cleanup.ts';
export {
  areaButtons,
  CRUD_BUTTONS,
  type CrudOp,
  crudButtons,
  menuButton,
  type ScreenEntryArgs,
  type ScreenHead,
  screenEntry,
} from './menu-buttons.ts';
export { dialectView, type MenuDialect, menuDialectOf, projectMenus } from './menu-dialect.ts';
export {
  ADMIN_ROLE_ALIAS,
  ensureMenus,
  invalidateMenuCache,
  MENU_CHANGED_TOPIC,
  type MenuItem,
  onLocalMenuInvalidation,
} from './menus.ts';
export { guardAdminRole, roleRemoved } from './role.ts';
/** The organisation tables other modules join with or read (never through db/schema.ts). */
export {
  authorize,
  client,
  dept,
  dict,
  menu,
  param,
  post,
  region,
  role,
  roleMenu,
  roleScope,
  scopeApi,
  scopeData,
  tenant,
  tenantPackage,
  topMenu,
  topMenuSetting,
  user,
  userOauth,
  userPlatform,
} from './schema.ts';
export { CLIENT_CHANGED_TOPIC, revokeSessionsOf, setSessionRevoker } from './sessions-port.ts';
export { assertAccountQuota, ensureTenant, MSG_QUOTA, onTenantProvisioned } from './tenant.ts';

export const systemModule: ServerModule = {
  name: 'system',
  uses: [],
  init(ctx) {
    installDataScopes(ctx);
  },
  routes(app, ctx) {
    systemRoutes(app, ctx);
  },
  async seed(ctx) {
    await seedSystem(ctx);
    await seedAdministration(ctx);
    await seedAdminScreenMenus(ctx);
    await seedScreenScopes(ctx);
  },
};
