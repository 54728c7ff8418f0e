/** The water-tariff screen's strings: zh and en have the same keys and every key the screen names exists. */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadFeatureStrings } from '../../i18n';
import { keys, keysNamed, untranslated } from '../../test/strings';
import { en, zh } from './i18n';

const sources = import.meta.glob<string>(['./*.{ts,tsx}', '!./*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('billing strings', () => {
  it('zh and en have the same keys', () => expect(keys(en).sort()).toEqual(keys(zh).sort()));

  it('every key the screen names is translated in zh and en, with the spec texts in zh', async () => {
    await loadFeatureStrings();
    const used = keysNamed(sources, /['"`]((?:tariff|menu\.billing)\.[a-zA-Z_.]+[a-zA-Z_])['"`]/g);
    expect(used.size).toBeGreaterThan(20);
    expect(untranslated(used)).toEqual([]);
    expect(i18next.t('menu.billing.tariff', { lng: 'zh' })).toBe('水价标准');
    expect(i18next.t('tariff.totalPrice', { lng: 'zh' })).toBe('综合水价(元/m³)');
  });
});
