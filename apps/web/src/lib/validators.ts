/** Form validators of spec 1 §5, returning the exact message or '' when the value is valid. */

const MOBILE = /^1[3-9]\d{9}$/;

/** Phone: empty → 手机号码不能为空; not 11 characters → 手机号码长度不为11位; not a mobile number → 手机号码格式不正确. */
export function validatePhone(value: unknown): string {
  const v = value == null ? '' : String(value).trim();
  if (v === '') return '手机号码不能为空';
  if (v.length !== 11) return '手机号码长度不为11位';
  if (!MOBILE.test(v)) return '手机号码格式不正确';
  return '';
}

/** A web address with an http or https prefix. */
export function isURL(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value.trim());
}

/** antd Form rule for a phone field. */
export const phoneRule = {
  validator: (_: unknown, value: unknown) => {
    const msg = validatePhone(value);
    return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
  },
};

/** True for null, undefined, '', [] and {} (the platform's `validatenull`). */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '' || value === 'undefined' || value === 'null') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}
