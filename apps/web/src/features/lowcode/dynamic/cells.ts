/**
 * Cells and search of the dynamic list: a stored value shown as text (option labels for static choices, 是/否
 * for switches, lists joined, file names), and the search form's values as the `queryJson` the server filters by.
 */
import type { LcField } from '@swp/contract';
import { keyOf, staticOptions } from '../../../components/form-render';

type T = (k: string) => string;

const flat = (
  opts: { label: string; value: string | number; children?: any[] }[],
): { label: string; value: string | number }[] => opts.flatMap((o) => [o, ...(o.children ? flat(o.children) : [])]);

export function cellOf(f: LcField | undefined, v: unknown, t: T): string {
  if (v === null || v === undefined || v === '') return '';
  if (!f) return Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v);
  const key = keyOf(f);
  if (key === 'switch') {
    const on = f.activeValue ?? 1;
    return String(v) === String(on) || v === true ? t('crud.yes') : t('crud.no');
  }
  if (key === 'uploadFile' || key === 'uploadImg')
    return Array.isArray(v) ? v.map((x) => String((x as { name?: string }).name ?? '')).join(', ') : '';
  if (key === 'calculate' && typeof v === 'number' && f.precision !== undefined && f.precision !== null)
    return v.toFixed(f.precision);
  if ((f.__config__.dataType ?? 'static') === 'static' && (f.options?.length || f.__slot__?.options?.length)) {
    const options = flat(staticOptions(f));
    const label = (x: unknown) => options.find((o) => String(o.value) === String(x))?.label ?? String(x);
    if (key === 'cascader' && Array.isArray(v)) return v.map(label).join('/');
    return Array.isArray(v) ? v.map(label).join(', ') : label(v);
  }
  if (Array.isArray(v))
    return v
      .map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x)))
      .join(key === 'areaSelect' ? '/' : ', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** The search form's non-empty values, trimmed (what `queryJson` carries). */
export function searchQueryJson(fields: LcField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const k = f.__vModel__!;
    let v = values[k];
    if (typeof v === 'string') v = v.trim();
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue;
    out[k] = v;
  }
  return out;
}
