/**
 * Upload rules (spec 1 §5, §8, §9; spec 2 §5, §9): size factors KB=1024, MB=1048576, GB=1073741824; default
 * limit 2 MB; the count limit; the tip text. The functions return a message key and its values; the widgets
 * translate them (zh texts: '文件大小超过{n}{unit}', '当前限制最多可以上传{limit}个文件',
 * '当前限制最多可以上传{n}张图片', '只能上传不超过{size}{unit}的{accept}文件').
 */
export type SizeUnit = 'KB' | 'MB' | 'GB';

export const SIZE_FACTORS: Record<SizeUnit, number> = { KB: 1024, MB: 1048576, GB: 1073741824 };
export const DEFAULT_FILE_SIZE = 2;
export const DEFAULT_SIZE_UNIT: SizeUnit = 'MB';
/** how long an upload error stays on screen, in seconds */
export const UPLOAD_ERROR_SECONDS = 1.5;

export interface UploadProblem {
  key: 'upload.tooLarge' | 'upload.tooManyFiles' | 'upload.tooManyImages' | 'upload.notAccepted';
  values: Record<string, string | number>;
}

export function sizeLimitBytes(size: number = DEFAULT_FILE_SIZE, unit: SizeUnit = DEFAULT_SIZE_UNIT): number {
  return size * (SIZE_FACTORS[unit] ?? SIZE_FACTORS.MB);
}

/** A file must be under the limit: '文件大小超过{n}{unit}'. A size of 0 or less means no limit. */
export function checkFileSize(
  bytes: number,
  size: number = DEFAULT_FILE_SIZE,
  unit: SizeUnit = DEFAULT_SIZE_UNIT,
): UploadProblem | null {
  if (!(size > 0)) return null;
  return bytes > sizeLimitBytes(size, unit) ? { key: 'upload.tooLarge', values: { n: size, unit } } : null;
}

/**
 * Adding `adding` files to `current` may not pass the limit (0 = no limit): '当前限制最多可以上传{limit}个文件'
 * for files, '当前限制最多可以上传{n}张图片' for images. With a limit of 1 a new file replaces the old one instead.
 */
export function checkFileCount(
  current: number,
  adding: number,
  limit: number,
  kind: 'file' | 'image' = 'file',
): UploadProblem | null {
  if (!(limit > 0) || limit === 1) return null;
  if (current + adding <= limit) return null;
  return kind === 'image'
    ? { key: 'upload.tooManyImages', values: { n: limit } }
    : { key: 'upload.tooManyFiles', values: { limit } };
}

/**
 * Whether a file matches an accept list like `image/*`, `.pdf,.docx`, `application/pdf`. An empty accept takes all.
 */
export function isAccepted(file: { name: string; type?: string }, accept?: string): boolean {
  if (!accept?.trim()) return true;
  const name = file.name.toLowerCase();
  const type = (file.type ?? '').toLowerCase();
  return accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean)
    .some((a) => {
      if (a.startsWith('.')) return name.endsWith(a);
      if (a.endsWith('/*')) return type.startsWith(a.slice(0, -1));
      return type === a;
    });
}

/** Values of the tip '只能上传不超过{size}{unit}的{accept}文件' (accept shown as given, or 任意 / any). */
export function uploadTipValues(size: number = DEFAULT_FILE_SIZE, unit: SizeUnit = DEFAULT_SIZE_UNIT, accept?: string) {
  return { size, unit, accept: accept ?? '' };
}

/** Human-readable size: 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (!(bytes >= 0)) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units: SizeUnit[] = ['KB', 'MB', 'GB'];
  let i = 0;
  let v = bytes / 1024;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Number.parseFloat(v.toFixed(2))} ${units[i]}`;
}
