import { describe, expect, it } from 'vitest';
import { missingFields, needsSwitch } from './LoginPage';

const empty = { tenantId: '', username: '', password: '', code: '' };

describe('sign-in form', () => {
  it('requires account and password, the tenant in tenant mode and the code with captcha on', () => {
    expect(missingFields(empty, { tenant: false, captcha: false })).toEqual(['username', 'password']);
    expect(missingFields(empty, { tenant: true, captcha: true })).toEqual(['tenantId', 'username', 'password', 'code']);
    expect(
      missingFields({ tenantId: '0', username: 'a', password: 'b', code: 'c' }, { tenant: true, captcha: true }),
    ).toEqual([]);
    expect(missingFields({ ...empty, username: '  ', password: 'x' }, { tenant: false, captcha: false })).toEqual([
      'username',
    ]);
  });
  it('asks for a department and role only in switch mode and when there are several', () => {
    expect(needsSwitch(false, '1,2', '3')).toBe(false);
    expect(needsSwitch(true, '1', '3')).toBe(false);
    expect(needsSwitch(true, '1,2', '3')).toBe(true);
    expect(needsSwitch(true, '1', '3,4')).toBe(true);
  });
});
