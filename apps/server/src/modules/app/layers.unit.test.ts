import { describe, expect, it } from 'vitest';
import { chosenLayers } from './layers.ts';

describe('chosenLayers', () => {
  it('takes layer keys or ids, ignores unknown refs, and means every layer when nothing is chosen', () => {
    expect([...chosenLayers('pipe,valve')].sort()).toEqual(['pipe', 'valve']);
    expect([...chosenLayers('0, 2')].sort()).toEqual(['pipe', 'valve']);
    expect([...chosenLayers('pipe,nope,99')]).toEqual(['pipe']);
    expect(chosenLayers('').size).toBeGreaterThan(5);
    expect(chosenLayers('').has('hydrant')).toBe(true);
  });
});
