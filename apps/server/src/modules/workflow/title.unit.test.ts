import { describe, expect, it } from 'vitest';
import { needsStarter, renderTitle } from './title.ts';

describe('instance title template', () => {
  const T = '请假 {days} 天 · {starter} · {startTime:MM-dd} 至 {endTime:MM-dd}';
  it('fills variables, the starter and formatted dates', () => {
    expect(
      renderTitle(T, { days: 3, starter: '李明', startTime: '2026-11-28 09:00:00', endTime: '2026-11-30 18:00:00' }),
    ).toBe('请假 3 天 · 李明 · 11-28 至 11-30');
  });
  it('reads Dates and ISO text, and leaves a missing variable empty', () => {
    const start = new Date(2026, 10, 28, 9, 0, 0);
    expect(renderTitle('{a:YYYY-MM-DD HH:mm} {b:MM-dd}|{c}|', { a: start, b: start.toISOString() })).toBe(
      '2026-11-28 09:00 11-28||',
    );
  });
  it('evaluates nothing: braces that are no slot stay text', () => {
    expect(renderTitle('{1+1} {constructor}', {})).toBe('{1+1}');
    expect(needsStarter(T)).toBe(true);
    expect(needsStarter('{days} 天')).toBe(false);
  });
});
