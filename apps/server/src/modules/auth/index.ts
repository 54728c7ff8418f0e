/**
 * The auth family: sign-in (BladeX and SpringBlade dialects), sessions, captchas, the gate's providers (client,
 * token, API scope) and the signed-in user's menus. Other modules use it through the functions exported here.
 */
import type { FastifyRequest } from 'fastify';
import { setGateProviders } from '../../core/gate.ts';
import { leaderJob } from '../../core/jobs.ts';
import type { AppContext, ServerModule } from '../../core/module.ts';
import { setSessionRevoker } from '../system/index.ts';
import { MenuService } from './menus.ts';
import { authRoutes } from './routes.ts';
import { AuthService, CLIENT_CHANGED_TOPIC } from './service.ts';
import { springBladeRoutes } from './springblade.ts';

export { listSessions, type SessionInfo, type SessionQuery } from './online.ts';
/** The session table the desk's dashboard counts (never through db/schema.ts). */
export { authSession } from './schema.ts';
export {
  asMd5,
  hashPassword,
  MSG as AUTH_MESSAGES,
  SESSION_LOCK_TOPIC,
  USER_STATUS,
  verifyPassword,
} from './service.ts';

interface State {
  auth: AuthService;
  menus: MenuService;
}
const states = new WeakMap<AppContext, State>();
let latest: State | undefined;
/** Expired sessions, captchas and sign-in failures are cleared hourly by the jobs leader. */
const cleanUp = leaderJob('auth clean-up', (ctx: AppContext) => stateOf(ctx).auth.cleanUp(), 3600_000, 60_000);

function stateOf(ctx: AppContext): State {
  const s = states.get(ctx);
  if (!s) throw new Error('auth module not started');
  return s;
}

/** The state of the app serving a request (several apps may share a process in tests). */
function stateOfReq(req: FastifyRequest): State {
  return (req.server?.ctx && states.get(req.server.ctx)) || latest!;
}

/** Clears the login failures of these users, which unlocks them (`/blade-user/unlock`); returns rows cleared. */
export function unlockUsers(ctx: AppContext, userIds: string[]): Promise<number> {
  return stateOf(ctx).auth.unlockUsers(userIds);
}

/** True when 5 failed sign-ins within 30 minutes lock the account now. */
export function isUserLocked(ctx: AppContext, tenantId: string, account: string): Promise<boolean> {
  return stateOf(ctx).auth.isLocked(tenantId, account);
}

/** Ends sessions (forced sign-out from the online-users list) on every instance; returns how many were open. */
export function revokeSessions(ctx: AppContext, sessionIds: string[], reason = 'kicked'): Promise<number> {
  return stateOf(ctx).auth.revokeSessions(sessionIds, reason);
}

/** Ends every open session of these users (disabled, deleted, password reset, roles changed). */
export function revokeUserSessions(ctx: AppContext, userIds: string[], reason = 'kicked'): Promise<number> {
  return stateOf(ctx).auth.revokeUserSessions(userIds, reason);
}

/** Tells every instance to reload clients (after blade_client changes). */
export async function invalidateClientCache(ctx: Pick<AppContext, 'live'>): Promise<void> {
  await ctx.live.publish({ topic: CLIENT_CHANGED_TOPIC });
}

export const authModule: ServerModule = {
  name: 'auth',
  uses: ['system'],
  async init(ctx) {
    const auth = new AuthService(ctx);
    await auth.start();
    const menus = new MenuService(ctx);
    menus.start();
    const state = { auth, menus };
    states.set(ctx, state);
    setSessionRevoker((c, userIds, reason) => revokeUserSessions(c, userIds, reason));
    latest = state;
    setGateProviders({
      checkClient: (id, secret) => (latest ?? state).auth.checkClient(id, secret),
      authenticate: (token, req) => stateOfReq(req).auth.authenticate(token, req.client?.clientId),
      allowApi: (user, method, path) => (latest ?? state).menus.allowApi(user, method, path),
      holdsAny: (user, codes) => (latest ?? state).menus.holdsAny(user, codes),
      scopeGranted: (user, method, path) => (latest ?? state).menus.scopeGranted(user, method, path),
    });
  },
  routes(app, ctx) {
    authRoutes(app, ctx, { auth: (req) => stateOfReq(req).auth, menus: (req) => stateOfReq(req).menus });
    springBladeRoutes(app, ctx, (req) => stateOfReq(req).auth);
  },
  lead: (ctx) => cleanUp.lead(ctx),
  async stop() {
    await cleanUp.stop();
    if (latest) {
      latest.auth.stop();
      latest.menus.stop();
    }
  },
};
