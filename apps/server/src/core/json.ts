import { formatDateTime } from './time.ts';

/**
 * Reply serializer: Dates become `YYYY-MM-DD HH:mm:ss` in the server's zone and bigints become strings.
 * JSON.stringify calls Date#toJSON before a replacer sees the value, so the replacer reads the holder instead.
 */
function replacer(this: any, key: string, value: unknown) {
  const raw = this[key];
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : formatDateTime(raw);
  if (typeof value === 'bigint') return value.toString();
  return value;
}

export function toJson(payload: unknown): string {
  return JSON.stringify(payload, replacer);
}
