import { beforeEach, describe, expect, it } from 'vitest';
import { getStore } from '../lib/storage';
import { ERROR_LOG_LIMIT, formatTime, useErrorLog } from './errorLog';

describe('error log', () => {
  beforeEach(() => useErrorLog.getState().clear());

  it('appends entries of type bug or error, newest first, kept in local storage', () => {
    useErrorLog.getState().add({ type: 'error', url: '/api/x', message: 'a' });
    useErrorLog.getState().add({ type: 'bug', url: '/p', message: 'b', stack: 's' });
    const list = useErrorLog.getState().list;
    expect(list.map((e) => e.message)).toEqual(['b', 'a']);
    expect(list[0].time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(getStore<unknown[]>('logsList', 'local')).toHaveLength(2);
  });

  it('clear empties the local log', () => {
    useErrorLog.getState().add({ type: 'error', url: '', message: 'a' });
    useErrorLog.getState().clear();
    expect(useErrorLog.getState().list).toEqual([]);
    expect(getStore('logsList', 'local')).toBeUndefined();
  });

  it('keeps at most the limit', () => {
    for (let i = 0; i < ERROR_LOG_LIMIT + 5; i++)
      useErrorLog.getState().add({ type: 'error', url: '', message: String(i) });
    expect(useErrorLog.getState().list).toHaveLength(ERROR_LOG_LIMIT);
  });

  it('formats times as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatTime(new Date(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
  });
});
