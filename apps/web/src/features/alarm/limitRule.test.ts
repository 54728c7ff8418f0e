import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import * as strings from './i18n';
import { limitRuleOf, limitText } from './limitRule';

i18n.addResourceBundle('zh', 'translation', strings.zh, true, true);

const a = (over: Record<string, unknown>) => ({
  alarmType: 'threshold',
  alarmValue: 1,
  limitValue: 2,
  unit: 'MPa',
  detail: null,
  ...over,
});

describe('which way an alarm limit works', () => {
  it('names upper and lower limits with their rule', async () => {
    await i18n.changeLanguage('zh');
    expect(limitText(i18n.t, a({ alarmValue: 0.9, limitValue: 0.8, detail: { kind: 'upper' } }))).toBe(
      '上限 ≥ 0.8 MPa',
    );
    expect(limitText(i18n.t, a({ alarmValue: 0.1, limitValue: 0.2, detail: { kind: 'lower' } }))).toBe(
      '下限 ≤ 0.2 MPa',
    );
    // an older row without the kind: read from the side its value lies on
    expect(limitRuleOf(a({ alarmValue: 0.1, limitValue: 0.2 }))).toBe('lower');
    expect(limitRuleOf(a({ alarmValue: 0.3, limitValue: 0.2 }))).toBe('upper');
  });
  it('says a burst leak value is the leak above the night baseline (610 under 960.1)', () => {
    const leak = a({
      alarmType: 'burst',
      alarmValue: 610,
      limitValue: 960.1,
      unit: 'm³/h',
      detail: { method: 'leakEvent', kind: 'burst' },
    });
    expect(limitRuleOf(leak)).toBe('leak');
    expect(limitText(i18n.t, leak)).toBe('夜间基准 960.1 m³/h（报警值为高出基准的漏损量）');
    expect(limitText(i18n.t, a({ alarmType: 'burst', detail: { method: 'nightFlow' }, unit: 'm³/h' }))).toBe(
      '基准 2 m³/h（高于基准报警）',
    );
    expect(limitText(i18n.t, a({ limitValue: null }))).toBe('');
  });
});
