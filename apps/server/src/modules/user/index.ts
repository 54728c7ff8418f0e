/**
 * Users: `/blade-user/*` (BladeX: page, detail, platform-detail, info, submit, update, update-platform, remove,
 * reset-password, update-password, update-info, grant, unlock, state, import-user, export-user, export-template,
 * search/user) and `/blade-system/user/*` (SpringBlade), over blade_user.
 */
import type { ServerModule } from '../../core/module.ts';
import { registerUserRoutes } from './routes.ts';
import { seedUsers } from './seed.ts';

export const userModule: ServerModule = {
  name: 'user',
  uses: ['auth', 'system'],
  routes: (app, ctx) => registerUserRoutes(app, ctx),
  seed: (ctx) => seedUsers(ctx),
};

export { clientDigest, hashPassword, initialPassword, initialPasswordHash, verifyPassword } from './password.ts';
export { PHONE_EMPTY, PHONE_FORMAT, PHONE_LENGTH, phoneProblem } from './rules.ts';
export {
  changeOwnPassword,
  currentUser,
  decorateUsers,
  deptSubtreeFilter,
  keywordFilter,
  resetPasswords,
  setUserState,
  updateOwnProfile,
  userResource,
  visibleUsers,
} from './service.ts';
