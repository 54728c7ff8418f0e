/** The 在线开发 screens' strings: zh and en have the same keys and every key the screens name exists in both. */
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

describe('develop strings', () => {
  it('zh and en have the same keys', () => expect(keys(en).sort()).toEqual(keys(zh).sort()));

  it('every key the screens name is translated in zh and en; the menu keys are the seed’s', async () => {
    await loadFeatureStrings();
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const m of text.matchAll(/['"`]((?:develop|menu\.lowcode|crud)\.[a-zA-Z_.]+[a-zA-Z_])['"`]/g))
        used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(40);
    const missing = [...used].filter((k) => !i18next.exists(k, { lng: 'zh' }) || !i18next.exists(k, { lng: 'en' }));
    expect(missing).toEqual([]);
    expect(i18next.t('menu.lowcode.datasource', { lng: 'zh' })).toBe('数据源管理');
    expect(i18next.t('menu.lowcode.codeGen', { lng: 'zh' })).toBe('代码生成');
    expect(i18next.t('menu.lowcode.codeGen', { lng: 'en' })).toBe('Code generation');
  });
});
