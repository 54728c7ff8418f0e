/**
 * Builders of the columns many screens share, so that what such a field is (a remark is a textarea, a sort is a
 * number, a status is chosen from translated values) is said once; `extra` adds or overrides the screen's own
 * settings (width, hide, required, defaultValue…).
 */
import type { Row } from '../../api/crud';
import type { CrudColumn } from './types';

/** The free-text remark (`remark`), a textarea. */
export function remarkColumn<T extends Row = Row>(label: string, extra?: Partial<CrudColumn<T>>): CrudColumn<T> {
  return { prop: 'remark', label, type: 'textarea', ...extra };
}

/** The display order (`sort`), a number. */
export function sortColumn<T extends Row = Row>(label: string, extra?: Partial<CrudColumn<T>>): CrudColumn<T> {
  return { prop: 'sort', label, type: 'number', ...extra };
}

/** A status (`status`) chosen from numbered values, each shown as the translation of `<names>.<value>`. */
export function statusColumn<T extends Row = Row>(
  label: string,
  names: string,
  values: number[],
  t: (key: string) => string,
  extra?: Partial<CrudColumn<T>>,
): CrudColumn<T> {
  return {
    prop: 'status',
    label,
    type: 'select',
    options: values.map((v) => ({ value: v, label: t(`${names}.${v}`) })),
    ...extra,
  };
}
