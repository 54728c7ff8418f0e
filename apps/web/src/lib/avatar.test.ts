import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarRefusal } from './avatar';

describe('avatar upload rule', () => {
  it('accepts jpg and png up to 500 kb', () => {
    expect(avatarRefusal({ type: 'image/jpeg', size: AVATAR_MAX_BYTES })).toBeUndefined();
    expect(avatarRefusal({ type: 'image/png', size: 1 })).toBeUndefined();
  });
  it('refuses other types and larger files', () => {
    expect(avatarRefusal({ type: 'image/gif', size: 1 })).toBe('info.avatarType');
    expect(avatarRefusal({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('info.avatarSize');
  });
});
