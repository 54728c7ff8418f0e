/**
 * The low-code form schema (JNPF shape, ../shared/lowcode.md) and the online-module records both sides share.
 *
 * A form is a `LcFormConf` with `fields[]`; each field has `__config__` (jnpfKey, label, required, span, regList,
 * children …), `__vModel__` (the value key; absent on layout items) and its type's options. Older (Vue 2) key
 * names are aliased to the current ones on import with `normaliseJnpfKey` / `LC_KEY_ALIASES`.
 */

/** Every field key the renderer, the designer and the server's rules know. */
export const LC_KEYS = {
  input: ['input', 'textarea', 'inputNumber', 'switch', 'rate', 'slider', 'colorPicker', 'editor'],
  choice: ['radio', 'checkbox', 'select', 'cascader', 'treeSelect'],
  date: ['datePicker', 'timePicker'],
  upload: ['uploadFile', 'uploadImg'],
  org: ['organizeSelect', 'depSelect', 'posSelect', 'userSelect', 'roleSelect'],
  related: ['areaSelect', 'relationForm', 'popupSelect', 'billRule', 'calculate'],
  table: ['table'],
  system: ['createUser', 'createTime', 'modifyUser', 'modifyTime', 'currOrganize', 'currPosition'],
  layout: ['text', 'divider', 'groupTitle', 'card', 'row', 'tab', 'collapse'],
} as const;

export type LcKeyGroup = keyof typeof LC_KEYS;
export type LcKey = (typeof LC_KEYS)[LcKeyGroup][number];

/** Vue 2 (and form-generator) key names → current keys. */
export const LC_KEY_ALIASES: Record<string, LcKey> = {
  comInput: 'input',
  PsdInput: 'input',
  numInput: 'inputNumber',
  date: 'datePicker',
  time: 'timePicker',
  uploadFz: 'uploadFile',
  address: 'areaSelect',
  comSelect: 'organizeSelect',
  JNPFText: 'text',
  jnpfText: 'text',
  dicSelect: 'select',
  relationFormAttr: 'relationForm',
  childTable: 'table',
  createDate: 'createTime',
  modifyDate: 'modifyTime',
};

/** The current key for a key of either generation (unknown keys pass through). */
export function normaliseJnpfKey(key: string): string {
  return LC_KEY_ALIASES[key] ?? key;
}

/** Keys that hold a value (everything but layout; a sub-table's value is its rows). */
export function isValueKey(key: string): boolean {
  return !(LC_KEYS.layout as readonly string[]).includes(key);
}

/** Keys the system fills on save (read-only in forms). */
export function isSystemKey(key: string): boolean {
  return (LC_KEYS.system as readonly string[]).includes(key) || key === 'billRule';
}

export interface LcOption {
  id?: string | number;
  fullName?: string;
  label?: string;
  value?: string | number;
  children?: LcOption[];
  [k: string]: unknown;
}

export interface LcRegRule {
  /** a regular expression, with or without the surrounding slashes (`/^\d+$/` or `^\d+$`) */
  pattern: string;
  message: string;
}

export interface LcFieldConfig {
  jnpfKey: string;
  label?: string;
  showLabel?: boolean;
  tag?: string;
  defaultValue?: unknown;
  required?: boolean;
  /** `colFormItem` (a field) or `rowFormItem` (a container) */
  layout?: string;
  span?: number;
  regList?: LcRegRule[];
  /** sub-table: the child table's name */
  tableName?: string;
  /** hidden in the form */
  noShow?: boolean;
  /** choices: where the options come from */
  dataType?: 'static' | 'dictionary' | 'dynamic';
  /** dictionary code (dataType dictionary) */
  dictionaryType?: string;
  /** data interface id (dataType dynamic) */
  propsUrl?: string;
  /** containers (row, card, tab panes, collapse items, table columns) */
  children?: LcField[];
  /** a designer id, unique in the form */
  formId?: number | string;
  renderKey?: number | string;
  /** sub-table: show the 合计 row, and which columns it sums */
  showSummary?: boolean;
  summaryField?: string[];
  /** list column width in generated lists */
  columnWidth?: number;
  [k: string]: unknown;
}

export interface LcField {
  __config__: LcFieldConfig;
  /** the value key (absent on layout items) */
  __vModel__?: string;
  __slot__?: { options?: LcOption[]; [k: string]: unknown };
  /** event scripts (kept, run through the form script) */
  on?: { change?: string; blur?: string };
  placeholder?: string;
  disabled?: boolean;
  readonly?: boolean;
  clearable?: boolean;
  /** input */
  maxlength?: number;
  showPassword?: boolean;
  /** inputNumber, slider, rate */
  min?: number;
  max?: number;
  step?: number;
  precision?: number;
  thousands?: boolean;
  /** choices */
  options?: LcOption[];
  props?: { label?: string; value?: string; children?: string; multiple?: boolean; [k: string]: unknown };
  multiple?: boolean;
  /** dates: a dayjs / JNPF format (`yyyy-MM-dd HH:mm:ss` accepted) */
  format?: string;
  type?: string;
  /** uploads */
  accept?: string;
  fileSize?: number;
  sizeUnit?: 'KB' | 'MB' | 'GB';
  limit?: number;
  /** organisation pickers: the ids that may be chosen */
  ableIds?: string[];
  /** areaSelect: 1 province … 4 street */
  level?: number;
  /** relationForm: the module and the field shown */
  modelId?: string;
  relationField?: string;
  /** popupSelect: the data interface, and the value / label fields of its rows */
  interfaceId?: string;
  propsValue?: string;
  /** billRule: the rule's code */
  rule?: string;
  /** calculate: tokens (`{ field }` / `{ __vModel__ }` references incl. `table.field`, numbers, + - * / ( )) */
  expression?: (string | number | { field?: string; __vModel__?: string; label?: string })[];
  isAmountChinese?: boolean;
  /** text, groupTitle, divider */
  content?: string;
  contentPosition?: 'left' | 'center' | 'right';
  /** card, collapse item, tab pane */
  header?: string;
  title?: string;
  name?: string;
  shadow?: string;
  accordion?: boolean;
  /** tab/collapse: the open pane(s) */
  active?: string | string[];
  [k: string]: unknown;
}

export interface LcFormConf {
  labelWidth?: number;
  labelPosition?: 'left' | 'right' | 'top';
  popupType?: 'general' | 'fullScreen' | 'drawer';
  gutter?: number;
  size?: string;
  disabled?: boolean;
  /** JNPF event scripts; `onLoad` is the spec's beforeMount */
  funcs?: { onLoad?: string; beforeSubmit?: string; afterSubmit?: string };
  /** the custom-script editor's script: an object of the hooks beforeMount, afterMount, beforeSubmit, afterSubmit */
  script?: string;
  fields: LcField[];
  [k: string]: unknown;
}

/** A list column, search field or button of an online module's list page (`columnData`). */
export interface LcListColumn {
  prop: string;
  label: string;
  jnpfKey?: string;
  width?: number;
  align?: 'left' | 'center' | 'right';
  sortable?: boolean;
}

export type LcListButton = 'add' | 'edit' | 'remove' | 'detail' | 'batchRemove' | 'export' | 'upload' | 'download';

export interface LcColumnData {
  columnList: LcListColumn[];
  searchList: LcListColumn[];
  /** toolbar buttons (add, batchRemove, export, upload = import, download = template) */
  btnsList: { value: LcListButton; label?: string }[];
  /** row buttons (edit, remove, detail) */
  columnBtnsList: { value: LcListButton; label?: string }[];
  hasPage?: boolean;
  pageSize?: number;
  defaultSidx?: string;
  sort?: 'asc' | 'desc';
  [k: string]: unknown;
}

/** An online module (`/api/visualdev/Base`). `formData` and `columnData` travel as JSON text, as in JNPF. */
export interface LcModule {
  id: string;
  fullName: string;
  /** English name: the published menu entry's name in English (empty = the Chinese name) */
  enName?: string | null;
  enCode: string;
  category?: string;
  /** 1 online form and list */
  type?: number;
  description?: string;
  /** 0 draft, 1 published to a menu */
  state?: number;
  sortCode?: number;
  formData?: string;
  columnData?: string;
  tables?: string;
  dbLinkId?: string;
  /** the menu entry the module is published to, if any */
  menuId?: string;
  createTime?: string;
  lastModifyTime?: string;
  [k: string]: unknown;
}

/** An import's report: rows written and row-by-row errors. */
export interface LcImportReport {
  total: number;
  success: number;
  failed: number;
  errors: { row: number; field?: string; message: string }[];
}
