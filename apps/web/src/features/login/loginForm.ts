/** The sign-in form's values and its checks: which required fields are empty, and when to ask for a switch. */

export interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
  code: string;
}

export type Field = keyof LoginForm;

/** The required fields left empty, in display order (i18n keys of their messages). */
export function missingFields(v: LoginForm, opts: { tenant: boolean; captcha: boolean }): Field[] {
  const fields: Field[] = [...(opts.tenant ? (['tenantId'] as Field[]) : []), 'username', 'password'];
  if (opts.captcha) fields.push('code');
  return fields.filter((f) => !v[f].trim());
}

/** a user with several departments or roles chooses one (switch mode) */
export function needsSwitch(switchMode: boolean, deptId?: string, roleId?: string): boolean {
  return switchMode && (String(deptId ?? '').includes(',') || String(roleId ?? '').includes(','));
}

/** the i18n key of the message under each empty field */
export const MESSAGES: Record<Field, string> = {
  tenantId: 'login.tenantId',
  username: 'login.username',
  password: 'login.password',
  code: 'login.code',
};
