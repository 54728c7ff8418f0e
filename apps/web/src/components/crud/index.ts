export { AddChildButton } from './AddChildButton';
export { CrudPage } from './CrudPage';
export { CrudPagination, DEFAULT_PAGE_SIZE, PAGE_SIZES } from './CrudPagination';
export { remarkColumn, sortColumn, statusColumn } from './columns';
export { emptyLocale } from './emptyLocale';
export { cellText, flattenOptions, loadDict, searchQuery, useColumnOptions } from './fields';
export { RowButton } from './RowButton';
export { NO_FORM_LIST, NO_ROW_BUTTONS, READ_ONLY_LIST, REMOVE_ONLY_LIST, VIEW_ONLY_LIST } from './readOnly';
export { saveOrUpdate } from './saveOrUpdate';
export { type ServerPage, serverPagination } from './serverPagination';
export type {
  CrudColumn,
  CrudHandle,
  CrudPageProps,
  DialogMode,
  FieldContext,
  FieldType,
  Option,
  PageVariant,
} from './types';
