/**
 * Numeric range pair (spec 1 §2.12, spec 2 §5): the value is an empty list when both ends are empty, else
 * [min, max] (an empty end stays null).
 */
export type RangeEnd = number | null | undefined | '';
export type NumericRange = [] | [number | null, number | null];

const isBlank = (v: unknown) => v === null || v === undefined || v === '' || (typeof v === 'number' && Number.isNaN(v));

export function toNumericRange(min: RangeEnd, max: RangeEnd): NumericRange {
  if (isBlank(min) && isBlank(max)) return [];
  return [isBlank(min) ? null : Number(min), isBlank(max) ? null : Number(max)];
}

/** The two ends of a stored value (anything that is not a list gives two empty ends). */
export function fromNumericRange(value: unknown): [number | null, number | null] {
  if (!Array.isArray(value) || value.length === 0) return [null, null];
  const end = (v: unknown) => (isBlank(v) || !Number.isFinite(Number(v)) ? null : Number(v));
  return [end(value[0]), end(value[1])];
}
