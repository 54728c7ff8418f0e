/** The 在线开发 screens' strings: zh and en have the same keys and every key the screens name exists in both. */
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

describe('develop strings', () => {
  itTranslatesTheKeysItNames(
    strings,
    () => keysNamed(sources, /['"`]((?:develop|menu\.lowcode|crud)\.[a-zA-Z_.]+[a-zA-Z_])['"`]/g),
    40,
  );

  it('the menu keys are the seed’s', async () => {
    await loadFeatureStrings();
    expect(i18next.t('menu.lowcode.datasource', { lng: 'zh' })).toBe('数据源管理');
    expect(i18next.t('menu.lowcode.codeGen', { lng: 'zh' })).toBe('代码生成');
    expect(i18next.t('menu.lowcode.codeGen', { lng: 'en' })).toBe('Code generation');
  });
});
