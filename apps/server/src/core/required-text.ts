/**
 * The required text field of the input schemas: trimmed, refused with `missing` when absent or empty and with `tooLong`
 * past `max` characters. `notText` is the refusal of a value that is not text where the contract words it otherwise
 * (default `missing`). Fields with a pattern add `.regex(…)` to it.
 */
import { z } from 'zod';

export const requiredText = (missing: string, max: number, tooLong: string, notText = missing) =>
  z.string({ error: notText }).trim().min(1, missing).max(max, tooLong);
