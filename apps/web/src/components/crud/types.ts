/**
 * The column schema of `CrudPage`: one list of columns drives the table, the search form, the add/edit/view
 * dialog and the value conversions between the wire and the form.
 */
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { CrudApi, Query, Row } from '../../api/crud';

export type FieldType =
  | 'input'
  | 'textarea'
  | 'password'
  | 'number'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'switch'
  | 'date'
  | 'datetime'
  | 'daterange'
  | 'tree'
  | 'icon'
  /** an amount: `AmountInput` (with its Chinese capitals) in the dialog, `precision` decimals (2) in the table */
  | 'amount'
  /** a calculated read-only field: `CalcField` over the form's other fields (`formula`, `chinese`) */
  | 'calc';

export interface Option {
  label: ReactNode;
  value: string | number;
  disabled?: boolean;
  children?: Option[];
  /** tree selects: the node may be expanded lazily */
  isLeaf?: boolean;
  [extra: string]: unknown;
}

export type DialogMode = 'add' | 'edit' | 'view';

/** What a custom form control receives (besides Form.Item's value/onChange). */
export interface FieldContext<T extends Row = Row> {
  mode: DialogMode | 'search';
  form: FormInstance;
  /** the row being edited or viewed (undefined on add and in search) */
  row?: T;
  disabled: boolean;
}

export interface CrudColumn<T extends Row = Row> {
  /** the field name on the wire */
  prop: string;
  /** translation key (or plain text) */
  label: string;
  type?: FieldType;

  /** options: a list, a loader, or a dictionary code (`dict` then `/blade-system/dict/dictionary?code=`) */
  options?: Option[] | (() => Promise<Option[]>);
  dict?: string;
  /** which dictionary family `dict` reads (default `dict`) */
  dictSource?: 'dict' | 'dict-biz';
  /** option values are numbers on the wire (dictionary keys are strings) */
  numeric?: boolean;
  multiple?: boolean;
  /** a multiple value travels comma-joined ("1,2,3") */
  joined?: boolean;
  /** tree selects: only leaves may be chosen */
  leafOnly?: boolean;
  /** textarea rows */
  rows?: number;
  min?: number;
  max?: number;
  precision?: number;
  /**
   * `calc` fields: the formula over the form's fields, e.g. `{basePrice} + {sewageFee}` or `basePrice + sewageFee`
   * (bare field names are read as references); + - × ÷ (or * /) and parentheses
   */
  formula?: string;
  /** `calc` fields: also show the value in Chinese capitalised numerals (大写金额) */
  chinese?: boolean;
  /** date formats: wire format (default `YYYY-MM-DD HH:mm:ss` / `YYYY-MM-DD`) */
  format?: string;
  placeholder?: string;
  defaultValue?: unknown;

  // table
  /** hidden in the table */
  hide?: boolean;
  width?: number;
  ellipsis?: boolean;
  fixed?: 'left' | 'right';
  /** custom cell */
  render?(value: any, row: T, index: number): ReactNode;

  // search
  /** shown in the search form */
  search?: boolean;
  /** search control type (default the column's type; `daterange` sends `<prop>_dategt` / `<prop>_datelt`) */
  searchType?: FieldType;
  /** the query key (default prop) */
  searchProp?: string;
  /** a custom search control (it receives value and onChange), e.g. a tree select */
  searchComponent?(): ReactNode;

  // dialog
  /** false: not in the dialog at all */
  display?: boolean;
  addDisplay?: boolean;
  editDisplay?: boolean;
  viewDisplay?: boolean;
  /** read-only when editing */
  editDisabled?: boolean;
  /** a translation key: the field is required with this message */
  required?: string;
  rules?: FormRule[];
  /** validation trigger (default on blur and change) */
  trigger?: 'onBlur' | 'onChange';
  /** grid span out of 24 (default 12; textarea and rich fields 24) */
  span?: number;
  /** translated tip under the field */
  tip?: string;
  /** a custom control rendered inside the Form.Item (it receives value and onChange) */
  component?(ctx: FieldContext<T>): ReactNode;
}

export type PageVariant = 'default' | 'large';

export interface CrudHandle<T extends Row = Row> {
  reload(): void;
  /** rows of the current page */
  rows: T[];
  selected: T[];
  clearSelection(): void;
  open(mode: DialogMode, row?: T): void;
}

export interface CrudPageProps<T extends Row = Row> {
  api: CrudApi<T>;
  /** the columns, or their factory over the translation function (CrudPage calls it again when the language changes) */
  columns: CrudColumn<T>[] | ((t: TFunction) => CrudColumn<T>[]);
  rowKey?: string;
  /** translation key of the dialog title noun (e.g. `param.title`) */
  title?: string;
  /** fixed filters (e.g. deptId from a tree, parentId of a child table); a change goes back to page 1 */
  query?: Query;
  /** values every new row starts with (e.g. the parent of a child table) */
  defaults?: Partial<T>;
  /** `default`: 10/30/50/100/200 (10); `large`: 20/50/100/500 (20), total/sizes/prev/pager/next/jumper */
  pageVariant?: PageVariant;
  pageSize?: number;
  pageSizes?: number[];
  /** no paging: the list endpoint answers every row (or a tree) */
  paged?: boolean;
  /** rows with children: a tree table; `lazy` loads a node's children on expand (rows carry hasChildren) */
  tree?: boolean;
  lazy?(row: T): Promise<T[]>;
  index?: boolean;
  selection?: boolean;
  addBtn?: boolean;
  editBtn?: boolean;
  viewBtn?: boolean;
  delBtn?: boolean;
  /** multi-delete in the toolbar */
  batchDelBtn?: boolean;
  /** the menu code: `param` checks param_add, param_edit, param_delete, param_view; none checks btn_add… */
  permission?: string;
  /** the dialog closes on an outside click (default false) */
  maskClosable?: boolean;
  dialogWidth?: number;
  /** form label column width */
  labelWidth?: number;
  /** message overrides (translation keys), e.g. { selectOne: 'tenantPackage.selectOne' } */
  texts?: Partial<Record<'selectOne' | 'confirmRemove' | 'addSuccess' | 'updateSuccess' | 'removeSuccess', string>>;
  /** fills the dialog before it opens (default: `api.detail(id)` for edit and view) */
  beforeOpen?(mode: DialogMode, row: T | undefined): Promise<Partial<T>> | Partial<T>;
  /** shapes the values before `submit` */
  beforeSubmit?(values: Partial<T>, mode: DialogMode, row: T | undefined): Promise<Partial<T>> | Partial<T>;
  /** a custom save instead of `api.submit` */
  onSave?(values: Partial<T>, mode: DialogMode, row: T | undefined): Promise<unknown>;
  afterSave?(mode: DialogMode): void;
  /** extra toolbar buttons */
  toolbar?(h: CrudHandle<T>): ReactNode;
  /** extra row buttons (after the standard ones) */
  rowActions?(row: T, h: CrudHandle<T>): ReactNode;
  /** width of the actions column */
  actionWidth?: number;
  /** extra content at the bottom of the dialog */
  dialogExtra?(mode: DialogMode, form: FormInstance, row: T | undefined): ReactNode;
  /** hands out the page's handle (for parent/child tables) */
  handleRef?: React.Ref<CrudHandle<T> | null>;
  /** a row click (e.g. choose the parent of a child table) */
  onRowClick?(row: T): void;
  /** highlights a row */
  activeRowKey?: string;
  /** heading above the toolbar */
  header?: ReactNode;
  /** table size */
  size?: 'small' | 'middle' | 'large';
  scrollX?: number;
  /** test id of the root */
  testId?: string;
}

/** CrudPage's props with the columns made (what its hooks read). */
export type CrudPageConfig<T extends Row = Row> = Omit<CrudPageProps<T>, 'columns'> & { columns: CrudColumn<T>[] };
