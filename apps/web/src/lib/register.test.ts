import { describe, expect, it } from 'vitest';
import { needsRegistration, registerWarning } from './register';

const ok = { tenantId: '000000', name: 'n', account: 'a', password: 'p', password2: 'p' };

describe('registration warnings, in order (spec 1 §5)', () => {
  it('tenant number first', () => {
    expect(registerWarning({ ...ok, tenantId: '', account: '' })).toBe('register.tenantEmpty');
  });
  it('not when the tenant comes from the host', () => {
    expect(registerWarning({ ...ok, tenantId: '' }, false)).toBe('');
  });
  it('then the account', () =>
    expect(registerWarning({ ...ok, account: ' ', password: '' })).toBe('register.accountEmpty'));
  it('then the password or its confirmation', () => {
    expect(registerWarning({ ...ok, password: '' })).toBe('register.passwordEmpty');
    expect(registerWarning({ ...ok, password2: '' })).toBe('register.passwordEmpty');
  });
  it('then a mismatch', () => expect(registerWarning({ ...ok, password2: 'q' })).toBe('register.mismatch'));
  it('passes a complete form', () => expect(registerWarning(ok)).toBe(''));
  it('opens only for no user id or a negative one', () => {
    expect(needsRegistration(undefined)).toBe(true);
    expect(needsRegistration('')).toBe(true);
    expect(needsRegistration('-1')).toBe(true);
    expect(needsRegistration(-1)).toBe(true);
    expect(needsRegistration('1123598821738675201')).toBe(false);
  });
});
