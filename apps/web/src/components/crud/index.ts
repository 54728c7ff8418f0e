export { CrudPage } from './CrudPage';
export { CrudPagination, DEFAULT_PAGE_SIZE, PAGE_SIZES } from './CrudPagination';
export { cellText, flattenOptions, loadDict, searchQuery, useColumnOptions } from './fields';
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
