/** The permission screens' strings: zh and en have the same keys, and every key the screens name exists. */
import { describe, expect, it } from 'vitest';
import { featureSources, itKeepsZhAndEnInStep, keys } from '../../test/strings';
import { en, zh } from './i18n';

describe('permission strings', () => {
  itKeepsZhAndEnInStep({ en, zh });

  it('every perm.* key the screens name is translated (templated keys expanded)', async () => {
    const have = new Set(keys(zh));
    const used = new Set<string>();
    for (const text of Object.values(await featureSources('permission'))) {
      for (const m of text.matchAll(/['"`](perm\.[a-zA-Z.]+[a-zA-Z])['"`]/g)) used.add(m[1]);
      // `perm.auth.${it}` over the item and object types
      if (text.includes('`perm.auth.${')) {
        for (const k of ['module', 'button', 'column', 'form', 'resource', 'Role', 'Position', 'User']) {
          used.add(`perm.auth.${k}`);
        }
      }
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((k) => !have.has(k))).toEqual([]);
  });

  it('the menu entries have their names', () => {
    expect(zh.menu.permission).toEqual({ authority: '组织权限', organize: '组织管理' });
    expect(en.menu.permission.authority).toBeTruthy();
  });
});
