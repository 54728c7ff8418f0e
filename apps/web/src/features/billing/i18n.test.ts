/** The water-tariff screen's strings: zh and en have the same keys and every key the screen names exists. */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadFeatureStrings } from '../../i18n';
import { itTranslatesTheKeysItNames, keysNamed } from '../../test/strings';
import * as strings from './i18n';

const sources = import.meta.glob<string>(['./*.{ts,tsx}', '!./*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('billing strings', () => {
  itTranslatesTheKeysItNames(
    strings,
    () => keysNamed(sources, /['"`]((?:tariff|menu\.billing)\.[a-zA-Z_.]+[a-zA-Z_])['"`]/g),
    20,
  );

  it('has the spec texts in zh', async () => {
    await loadFeatureStrings();
    expect(i18next.t('menu.billing.tariff', { lng: 'zh' })).toBe('水价标准');
    expect(i18next.t('tariff.totalPrice', { lng: 'zh' })).toBe('综合水价(元/m³)');
  });
});
