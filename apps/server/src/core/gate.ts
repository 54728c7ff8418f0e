/**
 * The one gate every request passes: client check, token, tenant context, API scope, then the handler.
 * The checks themselves are provided by the auth and permission modules at start (`setGateProviders`), so core
 * does not depend on any module.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, forbidden, unauthorized } from './envelope.ts';

export interface AuthUser {
  userId: string;
  account: string;
  userName: string;
  realName: string;
  tenantId: string;
  deptId: string;
  /** every department the user belongs to (comma-joined on the user row) */
  deptIds: string[];
  postId: string;
  roleIds: string[];
  roleAliases: string[];
  clientId: string;
  sessionId: string;
  /** administrator role or the platform's own admin: bypasses API and data scopes (not tenant isolation) */
  isAdmin: boolean;
  /** the session's screen is locked: only routes marked `whileLocked` answer */
  locked?: boolean;
}

export interface ClientInfo {
  clientId: string;
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

export interface GateProviders {
  /** null = unknown client or wrong secret */
  checkClient(clientId: string, secret: string): Promise<ClientInfo | null>;
  /** null = token invalid, expired or revoked */
  authenticate(token: string, req: FastifyRequest): Promise<AuthUser | null>;
  /** false = the path is covered by an API scope the user's roles were not granted */
  allowApi(user: AuthUser, method: string, routePath: string): Promise<boolean>;
  /** true = the user holds one of these menu or button codes (roles, JNPF grants, tenant package) */
  holdsAny(user: AuthUser, codes: readonly string[]): Promise<boolean>;
  /** true = one of the user's roles was granted an API scope that covers this call */
  scopeGranted(user: AuthUser, method: string, routePath: string): Promise<boolean>;
}

let providers: GateProviders | undefined;
export function setGateProviders(p: GateProviders) {
  providers = p;
}
/** The providers in force (the live channel authenticates its sockets with them); undefined before start. */
export function gateProviders(): GateProviders | undefined {
  return providers;
}

export type RouteAccess = 'public' | 'client' | 'user';

/**
 * What grants a route (access 'user') to a signed-in user. Deny by default: a route that declares nothing is the
 * administrator's alone, and the route-access test fails until it declares something.
 * - `'signed-in'`: anyone signed in (their own profile and messages, dictionaries every screen reads, …)
 * - `'admin'`: administrators only (logs, sessions, caches, clients, tenants)
 * - menu or button codes (`blade_menu.code`): the user holds at least one of them through their roles, posts or
 *   own grants, within the tenant's package. A screen's reads name its menu (and the screens that pick from it),
 *   its writes the buttons (`param_add`, `param_edit`), its removals the delete button.
 */
export type Grant = 'signed-in' | 'admin' | readonly string[];

/** Route options granting a route to everyone signed in. */
export const signedIn = { config: { grant: 'signed-in' as Grant } };
/** Route options granting a route to administrators only. */
export const adminOnly = { config: { grant: 'admin' as Grant } };
/** Route options granting a route to holders of any of these menu or button codes. */
export const byMenu = (...codes: string[]) => ({ config: { grant: codes as Grant } });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** public: no checks; client: Basic client only (sign-in); user (default): client + token + API scope */
    access?: RouteAccess;
    /** who may call a route with access 'user' (see Grant); absent = administrators only */
    grant?: Grant;
    /** the route answers a session whose screen is locked (unlock, the lock state); others answer 423 */
    whileLocked?: boolean;
  }
  interface FastifyRequest {
    user?: AuthUser;
    client?: ClientInfo;
    /** tenant of the signed-in user, or the Tenant-Id header before sign-in */
    tenantId: string;
  }
}

export function parseBasic(header: string | undefined): { id: string; secret: string } | undefined {
  if (!header || !/^basic /i.test(header)) return undefined;
  try {
    const raw = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const i = raw.indexOf(':');
    if (i < 0) return undefined;
    return { id: raw.slice(0, i), secret: raw.slice(i + 1) };
  } catch {
    return undefined;
  }
}

export function bearerOf(req: FastifyRequest): string | undefined {
  const h = (req.headers['blade-auth'] as string | undefined) ?? (req.query as any)?.['blade-auth'];
  if (!h) return undefined;
  const m = /^bearer\s+(.+)$/i.exec(String(h));
  return m ? m[1].trim() : String(h).trim() || undefined;
}

export function installGate(app: FastifyInstance) {
  app.decorateRequest('user', undefined);
  app.decorateRequest('client', undefined);
  app.decorateRequest('tenantId', '000000');
  app.addHook('onRequest', async (req) => {
    const access: RouteAccess = req.routeOptions.config?.access ?? (req.routeOptions.url ? 'user' : 'public');
    const headerTenant = req.headers['tenant-id'];
    if (typeof headerTenant === 'string' && /^\w{1,12}$/.test(headerTenant)) req.tenantId = headerTenant;
    if (access === 'public') return;
    if (!providers) throw new ApiError(503, 503, '服务启动中');

    const basic = parseBasic(req.headers.authorization);
    const client = basic ? await providers.checkClient(basic.id, basic.secret) : null;
    if (!client) throw new ApiError(401, 401, '客户端认证失败');
    req.client = client;
    if (access === 'client') return;

    const token = bearerOf(req);
    if (!token) throw unauthorized();
    const user = await providers.authenticate(token, req);
    if (!user) throw unauthorized();
    req.user = user;
    req.tenantId = user.tenantId;
    // a locked screen holds in every tab of the session: no data until it is unlocked with the lock password
    if (user.locked && !req.routeOptions.config?.whileLocked) throw new ApiError(423, 423, '屏幕已锁定，请先解锁');
    const routePath = req.routeOptions.url ?? req.url.split('?')[0];
    // a route's grant, or an API scope granted to one of the user's roles, admits the call; scopes that cover the
    // path and that none of the user's roles holds still refuse it
    const admitted =
      (await allowGrant(providers, user, req.routeOptions.config?.grant)) ||
      (!user.isAdmin && (await providers.scopeGranted(user, req.method, routePath)));
    if (!admitted) throw forbidden();
    if (!user.isAdmin && !(await providers.allowApi(user, req.method, routePath))) throw forbidden();
  });
}

/** True when the route's grant admits the user (the API scopes are checked besides). */
export async function allowGrant(p: GateProviders, user: AuthUser, grant: Grant | undefined): Promise<boolean> {
  if (grant === 'signed-in') return true;
  if (grant === undefined || grant === 'admin') return user.isAdmin;
  return p.holdsAny(user, grant);
}

/** The signed-in user of a request behind the gate (routes with access 'user'). */
export function userOf(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
