/**
 * Registration checks (spec 1 §5), in order, each a warning: empty tenant number (when the field is shown),
 * empty account, empty password or confirmation, mismatch. Returns the i18n key of the first failure, or ''.
 */
export interface RegisterValues {
  tenantId?: string;
  name?: string;
  account?: string;
  password?: string;
  password2?: string;
}

export function registerWarning(v: RegisterValues, tenantShown = true): string {
  const blank = (s?: string) => !s?.trim();
  if (tenantShown && blank(v.tenantId)) return 'register.tenantEmpty';
  if (blank(v.account)) return 'register.accountEmpty';
  if (blank(v.password) || blank(v.password2)) return 'register.passwordEmpty';
  if (v.password !== v.password2) return 'register.mismatch';
  return '';
}

/** The registration dialog opens only for a user with no user id or a negative one (third-party sign-in). */
export function needsRegistration(userId: unknown): boolean {
  if (userId === undefined || userId === null || userId === '') return true;
  const n = Number(userId);
  return Number.isFinite(n) && n < 0;
}
