/**
 * The form designer's model (pure): the field palette, new fields in the JNPF shape, and the edits the canvas
 * makes (add, move, remove, copy, update) on a tree of fields, plus an undo/redo history.
 *
 * Containers: `row` and `card` hold fields in `__config__.children`; `tab` and `collapse` hold panes
 * (`tabItem` / `collapseItem`, each with its own children); `table` holds its columns. A place in the tree is a
 * parent id (`root`, a container's formId, or a pane's formId) and an index.
 */
import type { LcField, LcFormConf } from '@swp/contract';

export const ROOT = 'root';

export interface PaletteItem {
  key: string;
  /** translation key of the name */
  label: string;
  group: 'input' | 'choice' | 'date' | 'upload' | 'org' | 'related' | 'table' | 'system' | 'layout';
}

const P = (group: PaletteItem['group'], keys: string[]): PaletteItem[] =>
  keys.map((key) => ({ key, group, label: `lowcode.key.${key}` }));

export const PALETTE: PaletteItem[] = [
  ...P('input', ['input', 'textarea', 'inputNumber', 'switch', 'rate', 'slider', 'colorPicker', 'editor']),
  ...P('choice', ['radio', 'checkbox', 'select', 'cascader', 'treeSelect']),
  ...P('date', ['datePicker', 'timePicker']),
  ...P('upload', ['uploadFile', 'uploadImg']),
  ...P('org', ['organizeSelect', 'depSelect', 'posSelect', 'userSelect', 'roleSelect']),
  ...P('related', ['areaSelect', 'relationForm', 'popupSelect', 'billRule', 'calculate']),
  ...P('table', ['table']),
  ...P('system', ['createUser', 'createTime', 'modifyUser', 'modifyTime', 'currOrganize', 'currPosition']),
  ...P('layout', ['groupTitle', 'divider', 'text', 'row', 'card', 'tab', 'collapse']),
];

/** Keys a sub-table column may have. */
export const TABLE_COLUMN_KEYS = [
  'input',
  'textarea',
  'inputNumber',
  'switch',
  'slider',
  'select',
  'radio',
  'checkbox',
  'datePicker',
  'calculate',
];

const CONTAINERS = ['row', 'card', 'table', 'tabItem', 'collapseItem'];
const PANED = ['tab', 'collapse'];
const NO_VALUE = ['groupTitle', 'divider', 'text', 'row', 'card', 'tab', 'collapse', 'tabItem', 'collapseItem'];

export const isContainer = (f: LcField) => CONTAINERS.includes(f.__config__.jnpfKey);
export const isPaned = (f: LcField) => PANED.includes(f.__config__.jnpfKey);
export const idOf = (f: LcField) => String(f.__config__.formId);

/** A counter for new ids (seeded above the form's largest so that loaded forms never collide). */
export function nextIdAfter(fields: LcField[]): number {
  let max = 100;
  const walk = (list: LcField[]) => {
    for (const f of list) {
      const n = Number(f.__config__.formId);
      if (Number.isFinite(n) && n > max) max = n;
      if (f.__config__.children) walk(f.__config__.children);
    }
  };
  walk(fields);
  return max + 1;
}

const OPTIONS = [
  { id: '1', fullName: '选项一' },
  { id: '2', fullName: '选项二' },
];

/** A new field of a key, with a fresh id and value key (`${key}${id}`), labelled with `label`. */
export function newField(key: string, id: number, label: string): LcField {
  const cfg = { jnpfKey: key, label, formId: id, renderKey: id, showLabel: true, span: 24, required: false };
  const f: LcField = { __config__: { ...cfg, layout: 'colFormItem', regList: [] } };
  if (!NO_VALUE.includes(key)) f.__vModel__ = `${key}${id}`;
  setInputDefaults(f, key);
  setLayoutDefaults(f, key, id, label);
  return f;
}

/** The defaults of the value inputs (text, numbers, choices, dates, uploads, pickers, bill rule, formula). */
function setInputDefaults(f: LcField, key: string) {
  switch (key) {
    case 'input':
      Object.assign(f, { placeholder: '', maxlength: null, showPassword: false });
      break;
    case 'inputNumber':
      Object.assign(f, { min: undefined, max: undefined, step: 1, precision: undefined, thousands: false });
      break;
    case 'rate':
      Object.assign(f, { max: 5 });
      break;
    case 'slider':
      Object.assign(f, { min: 0, max: 100, step: 1 });
      break;
    case 'switch':
      Object.assign(f, { activeValue: 1, inactiveValue: 0 });
      f.__config__.defaultValue = 0;
      break;
    case 'radio':
    case 'checkbox':
    case 'select':
    case 'treeSelect':
      Object.assign(f, { options: OPTIONS.map((o) => ({ ...o })), props: { label: 'fullName', value: 'id' } });
      f.__config__.dataType = 'static';
      break;
    case 'cascader':
      Object.assign(f, {
        options: [{ id: '1', fullName: '选项一', children: [{ id: '11', fullName: '选项一一' }] }],
        props: { label: 'fullName', value: 'id', children: 'children' },
      });
      f.__config__.dataType = 'static';
      break;
    case 'datePicker':
      Object.assign(f, { format: 'yyyy-MM-dd', type: 'date' });
      break;
    case 'timePicker':
      Object.assign(f, { format: 'HH:mm:ss' });
      break;
    case 'uploadFile':
    case 'uploadImg':
      Object.assign(f, { limit: 9, fileSize: 10, sizeUnit: 'MB', accept: key === 'uploadImg' ? 'image/*' : '' });
      break;
    case 'organizeSelect':
    case 'depSelect':
    case 'posSelect':
    case 'userSelect':
    case 'roleSelect':
      Object.assign(f, { multiple: false, ableIds: [] });
      break;
    case 'areaSelect':
      Object.assign(f, { level: 2 });
      break;
    case 'relationForm':
      Object.assign(f, { modelId: '', relationField: '' });
      break;
    case 'popupSelect':
      Object.assign(f, { interfaceId: '', propsValue: 'id', relationField: 'fullName' });
      break;
    case 'billRule':
      Object.assign(f, { rule: '' });
      break;
    case 'calculate':
      Object.assign(f, { expression: [], precision: 2, isAmountChinese: false });
      break;
  }
}

/** The defaults of the sub-table and the layout keys (texts, divider, rows, cards, tabs and collapses). */
function setLayoutDefaults(f: LcField, key: string, id: number, label: string) {
  switch (key) {
    case 'table':
      f.__config__.layout = 'rowFormItem';
      f.__config__.children = [];
      f.__config__.showSummary = false;
      f.__config__.summaryField = [];
      break;
    case 'groupTitle':
      Object.assign(f, { content: label });
      break;
    case 'divider':
      Object.assign(f, { content: '', contentPosition: 'center' });
      break;
    case 'text':
      Object.assign(f, { content: label });
      break;
    case 'row':
    case 'card':
      f.__config__.layout = 'rowFormItem';
      f.__config__.children = [];
      if (key === 'card') f.header = label;
      break;
    case 'tab':
    case 'collapse': {
      f.__config__.layout = 'rowFormItem';
      const item = key === 'tab' ? 'tabItem' : 'collapseItem';
      f.__config__.children = [1, 2].map((n) => ({
        title: `${label} ${n}`,
        name: String(n),
        __config__: { jnpfKey: item, formId: `${id}-${n}`, children: [] },
      }));
      break;
    }
  }
}

/** Finds a field (or pane) by id with its parent list and index. */
export function locate(
  fields: LcField[],
  id: string,
): { field: LcField; parent: string; index: number; list: LcField[] } | undefined {
  const walk = (list: LcField[], parent: string): ReturnType<typeof locate> => {
    for (let i = 0; i < list.length; i++) {
      const f = list[i];
      if (idOf(f) === id) return { field: f, parent, index: i, list };
      const kids = f.__config__.children;
      if (kids) {
        const found = walk(kids, idOf(f));
        if (found) return found;
      }
    }
    return undefined;
  };
  return walk(fields, ROOT);
}

/** The tree with one list (root or a container's children) replaced. */
function mapList(fields: LcField[], parent: string, fn: (list: LcField[]) => LcField[]): LcField[] {
  if (parent === ROOT) return fn(fields);
  return fields.map((f) => {
    const kids = f.__config__.children;
    if (!kids) return f;
    if (idOf(f) === parent) return { ...f, __config__: { ...f.__config__, children: fn(kids) } };
    const next = mapList(kids, parent, fn);
    return next === kids ? f : { ...f, __config__: { ...f.__config__, children: next } };
  });
}

/** True when `id` lies inside `ancestor` (or is it). */
export function within(fields: LcField[], ancestor: string, id: string): boolean {
  const a = locate(fields, ancestor);
  if (!a) return false;
  return ancestor === id || !!locate(a.field.__config__.children ?? [], id);
}

/** Whether a field of `key` may go into `parent` (sub-tables take only simple columns, no tables in tables). */
export function accepts(fields: LcField[], parent: string, key: string): boolean {
  if (parent === ROOT) return key !== 'tabItem' && key !== 'collapseItem';
  const p = locate(fields, parent)?.field;
  if (!p || !isContainer(p)) return false;
  if (p.__config__.jnpfKey === 'table') return TABLE_COLUMN_KEYS.includes(key);
  return key !== 'tabItem' && key !== 'collapseItem';
}

export function insertField(fields: LcField[], field: LcField, parent: string, index?: number): LcField[] {
  if (!accepts(fields, parent, field.__config__.jnpfKey)) return fields;
  return mapList(fields, parent, (list) => {
    const at = index === undefined || index < 0 || index > list.length ? list.length : index;
    return [...list.slice(0, at), field, ...list.slice(at)];
  });
}

export function removeField(fields: LcField[], id: string): LcField[] {
  const at = locate(fields, id);
  if (!at) return fields;
  return mapList(fields, at.parent, (list) => list.filter((f) => idOf(f) !== id));
}

/** Moves a field to a place; a move into itself or a refused container is ignored. */
export function moveField(fields: LcField[], id: string, parent: string, index?: number): LcField[] {
  const at = locate(fields, id);
  if (!at) return fields;
  if (parent !== ROOT && within(fields, id, parent)) return fields;
  if (!accepts(fields, parent, at.field.__config__.jnpfKey)) return fields;
  let target = index;
  if (at.parent === parent && target !== undefined && target > at.index) target -= 1;
  return insertField(removeField(fields, id), at.field, parent, target);
}

export function updateField(fields: LcField[], id: string, patch: (f: LcField) => LcField): LcField[] {
  const at = locate(fields, id);
  if (!at) return fields;
  return mapList(fields, at.parent, (list) => list.map((f) => (idOf(f) === id ? patch(f) : f)));
}

/** A copy of a field (and its children) with fresh ids and value keys, placed after the original. */
export function copyField(fields: LcField[], id: string, nextId: () => number): LcField[] {
  const at = locate(fields, id);
  if (!at) return fields;
  const clone = (f: LcField): LcField => {
    const n = nextId();
    const key = f.__config__.jnpfKey;
    const out: LcField = {
      ...structuredClone(f),
      __config__: {
        ...structuredClone(f.__config__),
        formId: key === 'tabItem' || key === 'collapseItem' ? `${n}` : n,
        renderKey: n,
        children: f.__config__.children?.map(clone),
      },
    };
    if (f.__vModel__) out.__vModel__ = `${key}${n}`;
    if (!f.__config__.children) delete out.__config__.children;
    return out;
  };
  return insertField(fields, clone(at.field), at.parent, at.index + 1);
}

/** Value keys used more than once (the designer refuses to save them). */
export function duplicateModels(fields: LcField[]): string[] {
  const seen = new Map<string, number>();
  const walk = (list: LcField[], prefix: string) => {
    for (const f of list) {
      if (f.__vModel__) {
        const k = prefix + f.__vModel__;
        seen.set(k, (seen.get(k) ?? 0) + 1);
      }
      if (f.__config__.children)
        walk(f.__config__.children, f.__config__.jnpfKey === 'table' ? `${f.__vModel__}.` : prefix);
    }
  };
  walk(fields, '');
  return [...seen].filter(([, n]) => n > 1).map(([k]) => k);
}

/** Numeric fields a calculated field may read: main-form numbers and `table.column` numbers of sub-tables. */
export function numericRefs(fields: LcField[], self?: string): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  const NUM = ['inputNumber', 'slider', 'rate', 'calculate'];
  const walk = (list: LcField[]) => {
    for (const f of list) {
      const key = f.__config__.jnpfKey;
      if (key === 'table') {
        for (const c of f.__config__.children ?? [])
          if (c.__vModel__ && NUM.includes(c.__config__.jnpfKey))
            out.push({
              value: `${f.__vModel__}.${c.__vModel__}`,
              label: `${f.__config__.label}.${c.__config__.label}`,
            });
        continue;
      }
      if (f.__vModel__ && NUM.includes(key) && f.__vModel__ !== self)
        out.push({ value: f.__vModel__, label: String(f.__config__.label ?? f.__vModel__) });
      if (f.__config__.children) walk(f.__config__.children);
    }
  };
  walk(fields);
  return out;
}

/** Undo/redo over form snapshots (at most `limit` steps back). */
export interface History {
  past: LcFormConf[];
  present: LcFormConf;
  future: LcFormConf[];
}

export const startHistory = (present: LcFormConf): History => ({ past: [], present, future: [] });

export function commit(h: History, next: LcFormConf, limit = 50): History {
  if (next === h.present) return h;
  return { past: [...h.past, h.present].slice(-limit), present: next, future: [] };
}

export function undo(h: History): History {
  if (!h.past.length) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] };
}

export function redo(h: History): History {
  if (!h.future.length) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) };
}
