/**
 * An online module's list design (`columnData`): which value fields are list columns and search fields, and which
 * buttons the generated list page shows. Pure helpers, shared by the list designer and the dynamic list page.
 */
import { dataFields, type LcColumnData, type LcFormConf, type LcListButton } from '@swp/contract';

export const TOOLBAR_BUTTONS: LcListButton[] = ['add', 'batchRemove', 'export', 'upload', 'download'];
export const ROW_BUTTONS: LcListButton[] = ['edit', 'detail', 'remove'];

/** Keys a list can show in a cell and search on (not sub-tables, uploads, rich text). */
const LISTABLE = (key: string) => !['table', 'uploadFile', 'uploadImg', 'editor'].includes(key);
const SEARCHABLE = (key: string) =>
  [
    'input',
    'textarea',
    'inputNumber',
    'select',
    'radio',
    'checkbox',
    'switch',
    'datePicker',
    'billRule',
    'calculate',
    'depSelect',
    'userSelect',
    'organizeSelect',
    'posSelect',
  ].includes(key);

export function listableFields(form: LcFormConf) {
  return dataFields(form).filter((d) => LISTABLE(d.key));
}

export function searchableFields(form: LcFormConf) {
  return dataFields(form).filter((d) => SEARCHABLE(d.key));
}

/** The list design a new module starts with: its first six listable fields, the first two text fields searched. */
export function defaultColumnData(form: LcFormConf): LcColumnData {
  const list = listableFields(form);
  return {
    columnList: list.slice(0, 6).map((d) => ({ prop: d.vModel, label: d.label, jnpfKey: d.key })),
    searchList: searchableFields(form)
      .slice(0, 2)
      .map((d) => ({ prop: d.vModel, label: d.label, jnpfKey: d.key })),
    btnsList: TOOLBAR_BUTTONS.map((value) => ({ value })),
    columnBtnsList: ROW_BUTTONS.map((value) => ({ value })),
    hasPage: true,
    pageSize: 20,
  };
}

/** A stored list design (JSON text or object) with the lists present; columns of removed fields dropped. */
export function parseColumnData(raw: unknown, form?: LcFormConf): LcColumnData {
  let c: Partial<LcColumnData> = {};
  if (typeof raw === 'string' && raw.trim()) {
    try {
      c = JSON.parse(raw);
    } catch {
      c = {};
    }
  } else if (raw && typeof raw === 'object') c = raw as LcColumnData;
  const names = form ? new Set([...dataFields(form).map((d) => d.vModel), 'id', 'createTime']) : undefined;
  const keep = <T extends { prop: string }>(l: T[] | undefined) => (l ?? []).filter((x) => !names || names.has(x.prop));
  return {
    ...c,
    columnList: keep(c.columnList),
    searchList: keep(c.searchList),
    btnsList: c.btnsList ?? [],
    columnBtnsList: c.columnBtnsList ?? [],
  };
}

export const hasButton = (c: LcColumnData, b: LcListButton) =>
  [...(c.btnsList ?? []), ...(c.columnBtnsList ?? [])].some((x) => x.value === b);
