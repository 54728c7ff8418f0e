/** The monitoring screen's strings: zh and en have the same keys, every key it names exists, the spec's texts are exact. */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import { THRESHOLD_LINES } from '../../lib/monitorHistory';
import { itTranslatesTheKeysItNames, keysIn, quotedKeys } from '../../test/strings';
import * as strings from './i18n';
import { zh } from './i18n';

describe('monitoring strings', () => {
  itTranslatesTheKeysItNames(strings, keysIn('monitor', quotedKeys('monitor')), 30);

  it('translates the keys built from values: every type and window of the server', () => {
    for (const t of ['RAIN', 'WATER_REGIMEN', 'WATER_SUPPLY', 'PRESSURE', 'FLOW', 'WATER_QUALITY']) {
      expect(i18next.exists(`monitor.types.${t}`, { lng: 'en' })).toBe(true);
    }
    for (const w of ['30M', '1H', '3H', '6H', '12H', '24H'])
      expect(i18next.exists(`monitor.windows.${w}`, { lng: 'en' })).toBe(true);
  });

  it('keeps the spec texts exact', () => {
    expect(zh.monitor.noData).toBe('暂无数据');
    expect(zh.monitor.empty).toBe('数据为空！');
    expect(zh.monitor.history).toBe('历史数据');
    expect(zh.monitor.types.RAIN).toBe('雨量');
    expect(zh.monitor.types.WATER_REGIMEN).toBe('水位');
    expect(THRESHOLD_LINES.LOW_WL.label).toBe('保证水位(m)');
    expect(THRESHOLD_LINES.ALERT_WL.label).toBe('警戒水位(m)');
    expect(zh.menu.monitor.station).toBe('站点监测');
  });
});
