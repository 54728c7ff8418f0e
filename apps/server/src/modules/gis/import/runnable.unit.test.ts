import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUGHNESS, type RoughnessRule, roughnessOf } from './runnable.ts';

describe('roughnessOf: Hazen-Williams C by material and age', () => {
  it('takes the first rule whose keyword the material contains, case-insensitive', () => {
    expect(roughnessOf('PE100', null, 2026)).toBe(145);
    expect(roughnessOf('球墨铸铁', null, 2026)).toBe(130);
    expect(roughnessOf('灰口铸铁', null, 2026)).toBe(100);
    expect(roughnessOf('Ductile iron', null, 2026)).toBe(130);
    // nothing named: the catch-all row
    expect(roughnessOf('石棉水泥', null, 2026)).toBe(130);
    expect(roughnessOf(null, null, 2026)).toBe(130);
  });

  it('loses its yearly ageing down to the minimum', () => {
    expect(roughnessOf('钢管', 2006, 2026)).toBe(112);
    expect(roughnessOf('铸铁', 1946, 2026)).toBe(70);
    // a pipe laid "next year" is new, not younger than new
    expect(roughnessOf('钢管', 2030, 2026)).toBe(120);
  });

  it("follows a utility's own table", () => {
    const rules: RoughnessRule[] = [
      { keywords: ['HDPE'], c: 150, aging: 0, minC: 150 },
      { keywords: ['铸铁'], c: 95, aging: 1, minC: 60 },
    ];
    expect(roughnessOf('hdpe', 1990, 2026, rules)).toBe(150);
    expect(roughnessOf('灰口铸铁', 2006, 2026, rules)).toBe(75);
    expect(roughnessOf('灰口铸铁', 1900, 2026, rules)).toBe(60);
    // no catch-all in the table: the engine's usual 130
    expect(roughnessOf('钢管', 2006, 2026, rules)).toBe(130);
    // a minimum above the new C cannot raise it
    expect(roughnessOf('x', 2000, 2026, [{ keywords: ['*'], c: 80, aging: 1, minC: 100 }])).toBe(80);
    expect(DEFAULT_ROUGHNESS.at(-1)?.keywords).toEqual(['*']);
  });
});
