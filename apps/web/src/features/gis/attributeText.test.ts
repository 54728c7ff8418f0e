import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { attributeText } from './attributeText';
import * as strings from './i18n';

i18n.addResourceBundle('zh', 'translation', strings.zh, true, true);
i18n.addResourceBundle('en', 'translation', strings.en, true, true);

describe('feature attributes as text', () => {
  it('reads coded values through the dictionary in zh and en', async () => {
    await i18n.changeLanguage('zh');
    expect(attributeText(i18n.t, 'pipe', 'pipeClass', 'distribution')).toBe('配水管');
    expect(attributeText(i18n.t, 'valve', 'normalState', 'closed')).toBe('常闭');
    expect(attributeText(i18n.t, 'valve', 'operable', 0)).toBe('否');
    expect(attributeText(i18n.t, 'meter', 'criticalType', 'hospital')).toBe('医院');
    await i18n.changeLanguage('en');
    expect(attributeText(i18n.t, 'pipe', 'pipeClass', 'distribution')).toBe('Distribution main');
    await i18n.changeLanguage('zh');
  });
  it('leaves other fields and unknown codes as they are', () => {
    expect(attributeText(i18n.t, 'pipe', 'diameter', 300)).toBe('300');
    expect(attributeText(i18n.t, 'pipe', 'pipeClass', 'raw')).toBe('raw');
    expect(attributeText(i18n.t, 'pipe', 'roadName', null)).toBe('');
  });
});
