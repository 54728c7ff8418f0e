/**
 * The JNPF permission families (`/permission/Users`, `Users/Current`, `Organize`, `Organize/Department`, `Role`,
 * `Position`, `Authority/Data|Model`, `UserRelation`) and the online users (`/system/OnlineUser`), over the same
 * organisation data as the BladeX calls. Envelope `{ code, msg, data }` (contract.md "JNPF families").
 */
import type { ServerModule } from '../../core/module.ts';
import { registerAuthorityRoutes } from './authority.ts';
import { registerOnlineRoutes } from './online.ts';
import { registerOrganizeRoutes } from './organize.ts';
import { registerUserFamilies } from './users.ts';

export const permissionModule: ServerModule = {
  name: 'permission',
  uses: ['auth', 'log', 'system', 'user'],
  routes(app, ctx) {
    registerUserFamilies(app, ctx);
    registerOrganizeRoutes(app, ctx);
    registerAuthorityRoutes(app, ctx);
    registerOnlineRoutes(app, ctx);
  },
};

export { ITEM_TYPES, OBJECT_TYPES, userAuthority } from './authority.ts';
export { buildTree, jnpf, jnpfDone } from './jnpf.ts';
