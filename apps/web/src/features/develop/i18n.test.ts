/** The 在线开发 screens' strings: zh and en have the same keys and every key the screens name exists in both. */
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

describe('develop strings', () => {
  it('zh and en have the same keys', () => expect(keys(en).sort()).toEqual(keys(zh).sort()));

  it('every key the screens name is translated in zh and en; the menu keys are the seed’s', async () => {
    await loadFeatureStrings();
    const used = keysNamed(sources, /['"`]((?:develop|menu\.lowcode|crud)\.[a-zA-Z_.]+[a-zA-Z_])['"`]/g);
    expect(used.size).toBeGreaterThan(40);
    expect(untranslated(used)).toEqual([]);
    expect(i18next.t('menu.lowcode.datasource', { lng: 'zh' })).toBe('数据源管理');
    expect(i18next.t('menu.lowcode.codeGen', { lng: 'zh' })).toBe('代码生成');
    expect(i18next.t('menu.lowcode.codeGen', { lng: 'en' })).toBe('Code generation');
  });
});
