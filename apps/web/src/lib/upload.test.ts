import { describe, expect, it } from 'vitest';
import { checkFileCount, checkFileSize, formatBytes, isAccepted, SIZE_FACTORS, sizeLimitBytes } from './upload';

describe('upload limits', () => {
  it('uses the KB/MB/GB factors and a 2 MB default', () => {
    expect(SIZE_FACTORS).toEqual({ KB: 1024, MB: 1048576, GB: 1073741824 });
    expect(sizeLimitBytes()).toBe(2 * 1048576);
    expect(sizeLimitBytes(500, 'KB')).toBe(512000);
    expect(sizeLimitBytes(1, 'GB')).toBe(1073741824);
  });
  it('refuses a file over the size', () => {
    expect(checkFileSize(2 * 1048576)).toBeNull();
    expect(checkFileSize(2 * 1048576 + 1)).toEqual({ key: 'upload.tooLarge', values: { n: 2, unit: 'MB' } });
    expect(checkFileSize(600 * 1024, 500, 'KB')).toEqual({ key: 'upload.tooLarge', values: { n: 500, unit: 'KB' } });
    expect(checkFileSize(10 ** 12, 0)).toBeNull();
  });
  it('refuses more files than the limit; a limit of 1 replaces', () => {
    expect(checkFileCount(2, 1, 3)).toBeNull();
    expect(checkFileCount(3, 1, 3)).toEqual({ key: 'upload.tooManyFiles', values: { limit: 3 } });
    expect(checkFileCount(1, 2, 2, 'image')).toEqual({ key: 'upload.tooManyImages', values: { n: 2 } });
    expect(checkFileCount(1, 1, 1)).toBeNull();
    expect(checkFileCount(100, 1, 0)).toBeNull();
  });
  it('matches accept lists', () => {
    expect(isAccepted({ name: 'a.png', type: 'image/png' }, 'image/*')).toBe(true);
    expect(isAccepted({ name: 'a.pdf', type: 'application/pdf' }, 'image/*')).toBe(false);
    expect(isAccepted({ name: 'A.PDF' }, '.pdf,.docx')).toBe(true);
    expect(isAccepted({ name: 'a.txt' }, '')).toBe(true);
  });
  it('formats sizes', () => {
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12)).toBe('12 B');
  });
});
