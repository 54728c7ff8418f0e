import { describe, expect, it } from 'vitest';
import { formatBytes, groupFigures } from './DashboardPage';

describe('dashboard figures', () => {
  it('groups figures in a stable order', () => {
    const g = groupFigures([
      { key: 'e', label: 'e', group: 'health', value: 1 },
      { key: 'u', label: 'u', group: 'organisation', value: 2 },
      { key: 'x', label: 'x', group: 'other', value: 3 },
      { key: 's', label: 's', group: 'activity', value: 4 },
    ]);
    expect(g.map(([k]) => k)).toEqual(['organisation', 'activity', 'health', 'other']);
  });
  it('formats storage sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
