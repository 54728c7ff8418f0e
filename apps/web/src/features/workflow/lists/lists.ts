/**
 * The workflow lists as data: which call each list makes, its columns and search fields, and where a row leads.
 * BladeX list semantics (docs/workflow.md): start = deployed definitions; claim = I am a candidate and nobody
 * holds the task; to-do = candidate or assigned; sent = instances I started; done = instances I was in;
 * my done = my finished tasks; copy = my CC rows; process list and ops = every instance / every active task
 * (administrators).
 */
import type { CrudApi, Query, Row } from '../../../api/crud';
import { encodeParams, opsApi, processApi } from '../../../api/workflow';
import type { CrudColumn } from '../../../components/crud';
import i18n from '../../../i18n';

export type ListKind = 'start' | 'claim' | 'todo' | 'send' | 'done' | 'myDone' | 'copy' | 'process' | 'ops';

const fetchers: Record<ListKind, (q: Query) => Promise<any>> = {
  start: processApi.processList,
  claim: processApi.claimList,
  todo: processApi.todoList,
  send: processApi.sendList,
  done: processApi.doneList,
  myDone: processApi.myDoneList,
  copy: processApi.copyList,
  process: opsApi.processList,
  ops: opsApi.list,
};

/** A read-only list family for CrudPage (its add, edit and delete buttons are off). */
export function listApi(kind: ListKind): CrudApi<Row> {
  const readOnly = () => Promise.reject(new Error(`${kind} list is read-only`));
  return { key: `/api/blade-workflow/${kind}`, page: fetchers[kind], submit: readOnly, remove: readOnly };
}

const L = 'workflow.list.';

/** A time as `YYYY-MM-DD HH:mm:ss` (replies may carry fractions and an offset: `2026-11-24 22:18:28.582+08`). */
export function timeText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  const s = String(v);
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(s);
  return m ? `${m[1]} ${m[2]}` : s;
}
const nameCol: CrudColumn = {
  prop: 'processDefinitionName',
  label: `${L}processName`,
  search: true,
  ellipsis: true,
  render: (v, r) => v ?? r.processName ?? r.title ?? '',
};
const taskCol: CrudColumn = { prop: 'taskName', label: `${L}taskName` };
/** The instance's title (composed from the start form when the process has a title template): tells rows apart. */
const titleCol: CrudColumn = {
  prop: 'title',
  label: `${L}title`,
  search: true,
  ellipsis: true,
  width: 260,
  render: (v, r) => v ?? r.processDefinitionName ?? '',
};
const dueCol: CrudColumn = {
  prop: 'dueDate',
  label: `${L}dueDate`,
  type: 'datetime',
  width: 170,
  render: (v) => timeText(v),
};
const starterCol: CrudColumn = {
  prop: 'startUsername',
  label: `${L}startUser`,
  render: (v, r) => v ?? r.startUserName ?? r.startUser ?? '',
};
const createCol: CrudColumn = {
  prop: 'createTime',
  label: `${L}createTime`,
  type: 'datetime',
  search: true,
  searchType: 'daterange',
  width: 170,
  render: (v) => timeText(v),
};
const endCol: CrudColumn = {
  prop: 'endTime',
  label: `${L}endTime`,
  type: 'datetime',
  width: 170,
  render: (v) => timeText(v),
};
const assigneeCol: CrudColumn = {
  prop: 'assigneeName',
  label: `${L}assignee`,
  render: (v, r) => v ?? r.assignee ?? '',
};
const categoryCol: CrudColumn = {
  prop: 'categoryName',
  label: `${L}category`,
  render: (v, r) => v ?? r.category ?? '',
};

const STATUS_KEYS: Record<string, string> = {
  running: `${L}running`,
  suspended: `${L}suspended`,
};
const statusCol: CrudColumn = {
  prop: 'processStatus',
  label: `${L}status`,
  width: 100,
  render: (v, r) => i18n.t(STATUS_KEYS[String(v)] ?? (isFinished(r) ? `${L}finished` : `${L}running`)),
};

export const columnsOf: Record<ListKind, CrudColumn[]> = {
  start: [
    { prop: 'name', label: `${L}processName`, search: true },
    { prop: 'key', label: `${L}processKey`, search: true },
    categoryCol,
    { prop: 'version', label: `${L}version`, width: 90, render: (v) => (v ? `v${v}` : '') },
  ],
  claim: [titleCol, nameCol, taskCol, starterCol, createCol, dueCol],
  todo: [titleCol, nameCol, taskCol, starterCol, createCol, dueCol],
  // instance lists filter their start time through createTime_dategt / _datelt (the server maps it)
  send: [titleCol, nameCol, taskCol, { ...createCol, label: `${L}startTime` }, endCol],
  done: [nameCol, taskCol, starterCol, { ...createCol, label: `${L}startTime` }, endCol],
  myDone: [nameCol, taskCol, starterCol, createCol, endCol],
  copy: [nameCol, { ...taskCol, render: (v, r) => v ?? r.title ?? '' }, starterCol, createCol],
  process: [nameCol, taskCol, starterCol, statusCol, { ...createCol, label: `${L}startTime` }, endCol],
  ops: [nameCol, taskCol, assigneeCol, starterCol, createCol],
};

/** The detail screen of a row: a task (to-do, claim, ops) or an instance. */
export function detailPath(row: Row, withTask: boolean): string {
  const params: Record<string, string> = { processInsId: String(row.processInstanceId ?? row.processInsId ?? '') };
  if (withTask && row.taskId) params.taskId = String(row.taskId);
  return `/workflow/process/detail/${encodeParams(params)}`;
}

export function startPath(row: Row): string {
  return `/workflow/process/start/${encodeParams({ processId: String(row.id), processDefKey: String(row.key ?? '') })}`;
}

/** Whether an instance row has ended (BladeX sends processIsFinished 'finished' / 'unfinished' or a boolean). */
export function isFinished(row: Row): boolean {
  const f = row.processIsFinished ?? row.processStatus ?? row.state;
  if (typeof f === 'boolean') return f;
  return f === 'finished' || f === 'completed' || f === 'terminated' || f === 'revoked' || !!row.endTime;
}
