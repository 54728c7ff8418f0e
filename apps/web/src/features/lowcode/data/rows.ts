/**
 * The row list of an answer that may be a bare array, a JNPF list (`{ list }`, paged with `pagination`) or a BladeX
 * page (`{ records, total }`): the data-service calls answer all three.
 */
import type { Row } from '../../../api/crud';

/** The rows of an answer (none when it holds no list). */
export function rowsIn(answer: unknown): Row[] {
  if (Array.isArray(answer)) return answer;
  if (answer && typeof answer === 'object') {
    const a = answer as { list?: unknown; records?: unknown };
    if (Array.isArray(a.list)) return a.list;
    if (Array.isArray(a.records)) return a.records;
  }
  return [];
}

/** The rows of an answer and the total it reports (the row count when it reports none). */
export function pageIn(answer: unknown): { rows: Row[]; total: number } {
  const rows = rowsIn(answer);
  if (answer && typeof answer === 'object' && !Array.isArray(answer)) {
    const a = answer as { pagination?: { total?: unknown }; total?: unknown };
    const total = Number(a.pagination?.total ?? a.total);
    if (Number.isFinite(total)) return { rows, total };
  }
  return { rows, total: rows.length };
}
