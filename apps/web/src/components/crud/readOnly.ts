/**
 * The CrudPage switches of a list that only shows rows (alarms, patrol tasks, workflow lists): no add, edit, view or
 * delete buttons; the screen adds its own row actions. Spread into the CrudPage's props.
 */
import type { CrudPageProps } from './types';

export const READ_ONLY_LIST = {
  addBtn: false,
  editBtn: false,
  viewBtn: false,
  delBtn: false,
  batchDelBtn: false,
} satisfies Partial<CrudPageProps>;
