import { describe, expect, it } from 'vitest';
import {
  type CurveSettings,
  curveSettingsForDimension,
  DEFAULT_CURVE_SETTINGS,
  DILUTE_WINDOWS,
  fromQuerySetting,
  toQuerySetting,
} from './curveSettings';

describe('curve settings', () => {
  it('defaults: outlier filter on, thinning off; the windows of spec §9', () => {
    expect(DEFAULT_CURVE_SETTINGS.filterOutliers).toBe(true);
    expect(DEFAULT_CURVE_SETTINGS.dilute).toBe(false);
    expect(DILUTE_WINDOWS).toEqual(['30M', '1H', '3H', '6H', '12H', '24H']);
  });

  it('DAY turns thinning off with window 30M; MONTH and YEAR turn it on with window 12H', () => {
    const on: CurveSettings = { filterOutliers: false, dilute: true, window: '3H' };
    expect(curveSettingsForDimension(on, 'DAY')).toEqual({ filterOutliers: false, dilute: false, window: '30M' });
    const off: CurveSettings = { filterOutliers: true, dilute: false, window: '1H' };
    expect(curveSettingsForDimension(off, 'MONTH')).toEqual({ filterOutliers: true, dilute: true, window: '12H' });
    expect(curveSettingsForDimension(off, 'YEAR')).toEqual({ filterOutliers: true, dilute: true, window: '12H' });
  });

  it('outputs filterOutliers and dataDilute (null, or action DEFAULT with the window)', () => {
    expect(toQuerySetting({ filterOutliers: true, dilute: false, window: '6H' })).toEqual({
      filterOutliers: true,
      dataDilute: null,
    });
    expect(toQuerySetting({ filterOutliers: false, dilute: true, window: '6H' })).toEqual({
      filterOutliers: false,
      dataDilute: { action: 'DEFAULT', window: '6H' },
    });
    expect(fromQuerySetting({ filterOutliers: true, dataDilute: { action: 'DEFAULT', window: '3H' } })).toEqual({
      filterOutliers: true,
      dilute: true,
      window: '3H',
    });
    expect(fromQuerySetting({ filterOutliers: false, dataDilute: null })).toMatchObject({
      filterOutliers: false,
      dilute: false,
    });
  });
});
