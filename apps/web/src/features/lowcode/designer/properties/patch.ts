/** Field edits as pure functions: each property control hands the panel a patch of the selected field. */
import { LC_KEYS, type LcField } from '@swp/contract';

export type Patch = (f: LcField) => LcField;

/** The props every property section takes: the selected field and the sink for its patches. */
export type SectionProps = { field: LcField; onChange(p: Patch): void };

/** Section props with the form's other fields (the formula refers to them). */
export type FieldsProps = SectionProps & { fields: LcField[] };

export const setTop =
  (k: string, v: unknown): Patch =>
  (f) => ({ ...f, [k]: v });
export const setCfg =
  (k: string, v: unknown): Patch =>
  (f) => ({ ...f, __config__: { ...f.__config__, [k]: v } });

/** Key groups the panel switches on (the contract's groups; `billRule` is filled by the system too). */
export const CHOICES: string[] = [...LC_KEYS.choice];
export const ORG: string[] = [...LC_KEYS.org];
export const SYSTEM: string[] = [...LC_KEYS.system, 'billRule'];
