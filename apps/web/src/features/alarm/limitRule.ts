/**
 * Which way an alarm's limit works (issue 24: 报警值 610 under 限值 960.1 said nothing): 上限 (an alarm at or
 * above it, ≥), 下限 (at or below, ≤), a burst detector's baseline (above it by the detector's margin), a rate
 * limit per hour, an offline timeout. The rule comes from the alarm's detail (device rules record `kind`, the
 * burst detectors their `method`; a DMA leak's value is the leak above the night baseline); an older threshold alarm without it is read from which side its value lies.
 */
import type { TFunction } from 'i18next';

export type LimitRule = 'upper' | 'lower' | 'baseline' | 'leak' | 'rate' | 'offline';

interface AlarmLike {
  alarmType: string;
  alarmValue: number | null;
  limitValue: number | null;
  detail?: Record<string, unknown> | null;
}

export function limitRuleOf(a: AlarmLike): LimitRule | null {
  if (a.limitValue === null) return null;
  const kind = a.detail?.method === 'leakEvent' ? undefined : a.detail?.kind;
  if (kind === 'upper' || kind === 'lower' || kind === 'rate' || kind === 'offline') return kind;
  // a DMA leak event's value is the leak (the night flow above the baseline), not a reading set against the limit
  if (a.detail?.method === 'leakEvent') return 'leak';
  if (a.alarmType === 'burst') return 'baseline';
  if (a.alarmType === 'rate') return 'rate';
  if (a.alarmType === 'offline') return 'offline';
  if (a.alarmValue === null) return 'upper';
  return a.alarmValue < a.limitValue ? 'lower' : 'upper';
}

/** `下限 ≤ 960.1 m³/h`, `上限 ≥ 0.8 MPa`, `基准 960.1 m³/h（高于基准报警）` */
export function limitText(t: TFunction, a: AlarmLike & { unit?: string | null }): string {
  const rule = limitRuleOf(a);
  if (!rule || a.limitValue === null) return '';
  const unit = a.unit ? ` ${a.unit}` : '';
  return t(`alarm.limitRule.${rule}`, { limit: `${a.limitValue}${unit}` });
}
