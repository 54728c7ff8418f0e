/**
 * The sign-in vocabulary shared by the auth family: limits, live topics, refusal messages, grant input and output.
 */
import type { ClientInfo } from '../../core/gate.ts';

export const ADMIN_ALIAS = 'administrator';
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 30 * 60_000;
export const CAPTCHA_TTL_MS = 5 * 60_000;

export const SESSION_REVOKED_TOPIC = 'auth.session.revoked';
/** Live topic: a session's screen lock was set or cleared (`{ sessionId, locked }`); every instance follows. */
export const SESSION_LOCK_TOPIC = 'auth.session.lock';

/** User status values (blade_user.status). */
export const USER_STATUS = { disabled: 0, normal: 1, pending: 2 } as const;

/** Registrations waiting for approval a tenant keeps at most (guest registration needs no sign-in). */
export const MAX_PENDING_GUESTS = 50;

export const MSG = {
  badCredentials: '用户名或密码错误',
  badCaptcha: '验证码不正确',
  locked: '用户登录失败次数过多,请稍后再试',
  noTenant: '租户不存在',
  tenantExpired: '该租户已过期',
  tenantDisabled: '该租户已停用',
  badClient: '客户端认证失败',
  socialOff: '第三方登录未配置,请使用账号密码登录',
  badRefresh: '刷新令牌无效或已过期,请重新登录',
  noRole: '未获得用户的角色信息',
  userDisabled: '该账号已停用,请联系管理员',
  userPending: '该账号正在等待管理员审核',
  guestQueueFull: '待审核的注册申请过多, 请联系管理员审核后再注册',
  badDept: '所选部门不属于当前用户',
  badRole: '所选角色不属于当前用户',
} as const;

/** A sign-in refusal: the BladeX endpoint answers it bare, the SpringBlade one in the envelope. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message);
  }
}

export interface ClientRow extends ClientInfo {
  secretHash: string;
  grantTypes: string[];
}

export type GrantType = 'password' | 'captcha' | 'refresh_token' | 'social';

export interface GrantInput {
  grantType: string;
  client: ClientRow;
  tenantId: string;
  account?: string;
  /** lower-case hex MD5 of what the person typed */
  passwordMd5?: string;
  refreshToken?: string;
  captchaKey?: string;
  captchaCode?: string;
  /** switch mode: the department and role to act as; must be the user's own */
  deptId?: string;
  roleId?: string;
  ip?: string;
  userAgent?: string;
}

export interface Granted {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  sessionId: string;
  tenantId: string;
  userId: string;
  account: string;
  name: string;
  realName: string;
  avatar: string;
  deptId: string;
  postId: string;
  roleIds: string[];
  roleAliases: string[];
  roleNames: string[];
  clientId: string;
}
