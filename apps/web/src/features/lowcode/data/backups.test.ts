import { describe, expect, it } from 'vitest';
import { anyRunning, fileSize, finishedSince } from './backups';

describe('backups', () => {
  it('tells which running backups have finished', () => {
    const before = [
      { id: '1', state: 'running' },
      { id: '2', state: 'done' },
      { id: '3', state: 'running' },
    ];
    const after = [
      { id: '4', state: 'running' },
      { id: '1', state: 'done' },
      { id: '2', state: 'done' },
      { id: '3', state: 'running' },
    ];
    expect(finishedSince(before, after)).toEqual([{ id: '1', state: 'done' }]);
    expect(finishedSince(after, [{ id: '4', state: 'failed', message: 'x' }])).toEqual([
      { id: '4', state: 'failed', message: 'x' },
    ]);
    expect(finishedSince([], after)).toEqual([]);
    expect(anyRunning(after)).toBe(true);
    expect(anyRunning([{ state: 'done' }])).toBe(false);
    // a backup waiting in the server's queue is not finished either
    expect(anyRunning([{ state: 'queued' }])).toBe(true);
    expect(finishedSince([{ id: '5', state: 'queued' }], [{ id: '5', state: 'running' }])).toEqual([]);
    expect(finishedSince([{ id: '5', state: 'queued' }], [{ id: '5', state: 'done' }])).toEqual([
      { id: '5', state: 'done' },
    ]);
  });

  it('reads file sizes', () => {
    expect(fileSize(0)).toBe('');
    expect(fileSize(undefined)).toBe('');
    expect(fileSize(512)).toBe('512 B');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(fileSize(300 * 1024 * 1024)).toBe('300 MB');
  });
});
