/**
 * Named sets of CrudPage switches, spread into a CrudPage's props, so that a screen says which standard buttons it
 * keeps in one word and the switches of each kind of list are written once. (Without `delBtn` there is no
 * multi-delete either, so `batchDelBtn` only needs saying where rows can still be removed.)
 */
import type { CrudPageProps } from './types';

type Switch = keyof Pick<CrudPageProps, 'addBtn' | 'editBtn' | 'viewBtn' | 'delBtn' | 'batchDelBtn'>;

/** the named switches, all off */
const off = (...names: Switch[]): Partial<Record<Switch, false>> => Object.fromEntries(names.map((n) => [n, false]));

/** Rows are added in the standard dialog but handled by the screen's own row actions (burst events). */
export const NO_ROW_BUTTONS = off('editBtn', 'viewBtn', 'delBtn');

/**
 * A list that only shows rows (alarms, patrol tasks, workflow lists, online users): no add, edit, view or delete
 * buttons; the screen adds its own row actions.
 */
export const READ_ONLY_LIST = off('addBtn', 'editBtn', 'viewBtn', 'delBtn', 'batchDelBtn');

/** Records the system writes (logs, quality tasks): they can be viewed, not added, edited or removed. */
export const VIEW_ONLY_LIST = off('addBtn', 'editBtn', 'delBtn');

/** Rows made elsewhere (sent messages, process history): no add or edit dialog; view and delete stay. */
export const NO_FORM_LIST = off('addBtn', 'editBtn');

/** Rows edited in the screen's own designer or dialog (interfaces, modules, deployments): only delete stays. */
export const REMOVE_ONLY_LIST = off('addBtn', 'editBtn', 'viewBtn');
