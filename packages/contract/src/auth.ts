/** Bare success reply of POST /api/blade-auth/oauth/token (no envelope). */
export interface TokenReply {
  access_token: string;
  token_type: 'bearer';
  refresh_token: string;
  expires_in: number;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  role_id: string;
  post_id: string;
  role_name: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  avatar: string;
  oauth_id: string;
  client_id: string;
  license: string;
}

/** Bare failure reply of the token endpoint. */
export interface TokenError {
  error_code: number;
  error_description: string;
}

/** A menu entry of /api/blade-system/menu/routes. */
export interface MenuRoute {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias?: string;
  path: string;
  source?: string;
  sort: number;
  category: number;
  action?: number;
  isOpen?: number;
  propertyJson?: string | null;
  meta?: { i18n?: string; roles?: string[]; isTab?: boolean; isAuth?: boolean; [k: string]: unknown };
  children?: MenuRoute[];
}

/** Public deployment flags the sign-in page reads before anyone signs in. */
export interface PublicConfig {
  captcha: boolean;
  tenantMode: boolean;
  switchMode: boolean;
  smPublicKey?: string;
}
