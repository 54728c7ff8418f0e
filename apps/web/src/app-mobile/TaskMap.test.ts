import { describe, expect, it } from 'vitest';
import { showsLayer } from './TaskMap';

describe('showsLayer', () => {
  it('draws a layer chosen by key or id, and every layer when none is chosen', () => {
    expect(showsLayer('pipe', 'pipe')).toBe(true);
    expect(showsLayer('pipe', 'valve')).toBe(false);
    expect(showsLayer('0,2', 'valve')).toBe(true);
    expect(showsLayer('hydrant', 'pipe')).toBe(false);
    expect(showsLayer('', 'valve')).toBe(true);
  });
});
