/** The data-service strings: zh and en have the same keys, and every key the screens name exists. */
import { describe, expect, it } from 'vitest';
import { featureSources, itKeepsZhAndEnInStep, keys, keysNamed } from '../../../test/strings';
import { en, zh } from './i18n';

describe('data-service strings', () => {
  itKeepsZhAndEnInStep({ en, zh });

  it('every lowcode.(ds|dm|di|sync|backup|report).* key the screens name is translated', async () => {
    const have = new Set(keys(zh));
    const sources = await featureSources('lowcode/data', { withStrings: false });
    const used = keysNamed(sources, /['"`](lowcode\.(?:ds|dm|di|sync|backup|report)\.[a-zA-Z]+)['"`]/g);
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((k) => !have.has(k))).toEqual([]);
  });

  it('names the menu entries the server seeds', () => {
    expect(Object.keys(zh.menu.dataservice).sort()).toEqual(
      ['dataBackup', 'dataInterface', 'dataModel', 'dataSource', 'dataSync', 'report'].sort(),
    );
  });
});
