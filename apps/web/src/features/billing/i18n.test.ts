/** The water-tariff screen's strings: zh and en have the same keys and every key the screen names exists. */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadFeatureStrings } from '../../i18n';
import { en, zh } from './i18n';

function keys(o: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

const sources = import.meta.glob<string>(['./*.{ts,tsx}', '!./*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('billing strings', () => {
  it('zh and en have the same keys', () => expect(keys(en).sort()).toEqual(keys(zh).sort()));

  it('every key the screen names is translated in zh and en, with the spec texts in zh', async () => {
    await loadFeatureStrings();
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const m of text.matchAll(/['"`]((?:tariff|menu\.billing)\.[a-zA-Z_.]+[a-zA-Z_])['"`]/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((k) => !i18next.exists(k, { lng: 'zh' }) || !i18next.exists(k, { lng: 'en' }));
    expect(missing).toEqual([]);
    expect(i18next.t('menu.billing.tariff', { lng: 'zh' })).toBe('水价标准');
    expect(i18next.t('tariff.totalPrice', { lng: 'zh' })).toBe('综合水价(元/m³)');
  });
});
