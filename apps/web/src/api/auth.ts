/**
 * The sign-in and session call group (spec 1 §7.1, contract.md "Sign-in" and "Menus"). The token endpoint
 * answers bare objects (no envelope), so it goes through `http.raw` and is read here.
 */
import type { MenuRoute, PublicConfig, TokenReply } from '@swp/contract';
import { DEFAULT_TENANT } from './client-config';
import { HttpError, http } from './http';

export const AUTH = '/api/blade-auth/oauth';

/** The signed-in user as the session keeps it: the token reply's user fields. */
export type UserInfo = Partial<Omit<TokenReply, 'access_token' | 'refresh_token'>> & {
  access_token?: string;
  refresh_token?: string;
  [k: string]: unknown;
};

export interface TopMenu {
  id: string;
  code: string;
  name: string;
  i18n?: string;
  source?: string;
  path?: string;
  sort?: number;
  meta?: { i18n?: string };
}

export interface Captcha {
  key: string;
  image: string;
}

/** Reads a reply that may or may not be wrapped in the envelope. */
function unwrap<T>(body: any): T {
  if (body && typeof body === 'object' && 'code' in body && 'data' in body) return body.data as T;
  return body as T;
}

async function readJson(res: Response): Promise<any> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

export async function fetchPublicConfig(): Promise<PublicConfig> {
  const res = await http.raw('GET', `${AUTH}/config`);
  const body = await readJson(res);
  if (!res.ok || !body) throw new HttpError(res.status, body?.msg ?? 'unknown error', body);
  const c = unwrap<Partial<PublicConfig>>(body) ?? {};
  return {
    captcha: c.captcha !== false,
    tenantMode: !!c.tenantMode,
    switchMode: !!c.switchMode,
    smPublicKey: c.smPublicKey,
  };
}

export async function fetchCaptcha(): Promise<Captcha> {
  const res = await http.raw('GET', `${AUTH}/captcha`);
  const body = await readJson(res);
  const c = unwrap<Captcha>(body);
  if (!c?.key || !c?.image) throw new HttpError(res.status, body?.msg ?? 'unknown error', body);
  return c;
}

export interface TokenRequest {
  grant_type: 'password' | 'captcha' | 'refresh_token' | 'social';
  tenantId?: string;
  username?: string;
  /** lower-case hex MD5 of what the person typed */
  password?: string;
  refresh_token?: string;
  deptId?: string;
  roleId?: string;
  captchaKey?: string;
  captchaCode?: string;
}

/**
 * POST the token endpoint. Resolves with the bare token reply; a reply carrying `error_description` rejects with
 * that text as the message (it is shown as an error and nobody is signed in).
 */
export async function requestToken(req: TokenRequest): Promise<TokenReply> {
  const tenantId = req.tenantId || DEFAULT_TENANT;
  const headers: Record<string, string> = { 'Tenant-Id': tenantId };
  if (req.deptId) headers['Dept-Id'] = req.deptId;
  if (req.roleId) headers['Role-Id'] = req.roleId;
  if (req.grant_type === 'captcha') {
    headers['Captcha-Key'] = req.captchaKey ?? '';
    headers['Captcha-Code'] = req.captchaCode ?? '';
  }
  const data: Record<string, string> = { tenantId, grant_type: req.grant_type, scope: 'all', type: 'account' };
  if (req.username !== undefined) data.username = req.username;
  if (req.password !== undefined) data.password = req.password;
  if (req.refresh_token !== undefined) data.refresh_token = req.refresh_token;
  let res: Response;
  try {
    res = await http.raw('POST', `${AUTH}/token`, { data, form: true, headers });
  } catch {
    throw new HttpError(0, '网络异常');
  }
  const body = await readJson(res);
  if (body?.error_description) throw new HttpError(body.error_code ?? res.status, body.error_description, body);
  if (!body?.access_token) throw new HttpError(body?.code ?? res.status, body?.msg || 'unknown error', body);
  return body as TokenReply;
}

/** Tells the server the session ends (revokes the refresh token). Never throws. */
export async function logoutCall(): Promise<void> {
  try {
    await http.raw('GET', `${AUTH}/logout`);
  } catch {
    // signing out locally is what matters
  }
}

export const fetchUserInfo = () => http.get<UserInfo>(`${AUTH}/user-info`);
export const clearCacheCall = () => http.get<unknown>(`${AUTH}/clear-cache`);

export const fetchTopMenus = () => http.get<TopMenu[]>('/api/blade-system/menu/top-menu');
export const fetchRoutes = (topMenuId?: string) =>
  http.get<MenuRoute[]>('/api/blade-system/menu/routes', topMenuId ? { topMenuId } : undefined);
export const fetchButtons = () =>
  http.get<{ code: string; children?: { code: string }[] }[]>('/api/blade-system/menu/buttons');

export interface Option {
  id: string;
  title?: string;
  deptName?: string;
  roleName?: string;
  name?: string;
}
export const fetchDeptOptions = (userId?: string) => http.get<Option[]>('/api/blade-system/dept/select', { userId });
export const fetchRoleOptions = (userId?: string) => http.get<Option[]>('/api/blade-system/role/select', { userId });

export interface RegisterForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  oauthId?: string;
}
/** Guest registration (third-party sign-in): the password goes as MD5 like at sign-in. */
export const registerGuest = (form: RegisterForm) =>
  http.post<unknown>('/api/blade-user/register-guest', form, { silent: true });

export interface ErrorLogUpload {
  type: string;
  url: string;
  message: string;
  stack?: string;
  info?: string;
  time: string;
}
export const uploadErrorLogs = (list: ErrorLogUpload[]) => http.post<unknown>('/api/blade-log/error/upload', list);

/** The tenant a host name maps to (tenant mode), or undefined. Never throws. */
export async function tenantOfHost(domain: string): Promise<string | undefined> {
  try {
    const d = await http.get<{ tenantId?: string }>('/api/blade-system/tenant/info', { domain }, { silent: true });
    return d?.tenantId || undefined;
  } catch {
    return undefined;
  }
}

/** The session's screen lock (every tab of the session; the server refuses its calls with 423 while locked). */
export const lockSessionCall = (password: string) =>
  http.post<unknown>('/api/blade-auth/session/lock', { password }, { silent: true });
export const unlockSessionCall = (password: string) =>
  http.post<unknown>('/api/blade-auth/session/unlock', { password }, { silent: true });
