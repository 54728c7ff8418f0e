/**
 * Typed calls of `/api/swp-pipeops-patrol` (巡检, spec 2 §7 "Patrol, devices, alarms"): patrol types and their
 * objects, job objects, plans and their audit (`partol-plan-audit/update`, the spec's spelling), tasks, task
 * objects, reassignment, the access rule index with its scored pages and xlsx exports, and the overview dashboard.
 * Shapes follow `apps/server/src/modules/patrol`.
 */
import type { Page, PatrolScore } from '@swp/contract';
import type { CrudApi, Query, Row } from './crud';
import { http } from './http';

const B = '/api/swp-pipeops-patrol';

// ------------------------------------------------------------------------------------------------ catalog

export interface PatrolType extends Row {
  id: string;
  typeCode: string;
  typeName: string;
  sort: number;
  remark?: string | null;
}

export interface PatrolTypeObject extends Row {
  id: string;
  typeId: string;
  typeName?: string;
  facilityType: string;
  facilityTypeName?: string;
  objectName: string;
  /** one check item a line */
  checkItems: string;
  sort: number;
  remark?: string | null;
}

export interface JobObject extends Row {
  id: string;
  objectCode: string;
  objectName: string;
  facilityType: string;
  facilityTypeName?: string;
  gisLayer?: string | null;
  gisId?: string | null;
  address?: string | null;
  /** EPSG:4548 plane metres */
  x: number;
  y: number;
  lon: number;
  lat: number;
  deptId?: string | null;
  deptName?: string | null;
}

export interface FacilityType {
  code: string;
  name: string;
  checkItems: string[];
}

export interface EventType {
  code: string;
  name: string;
}

// ------------------------------------------------------------------------------------------------ plans

/** 0 草稿, 1 待审核, 2 已通过, 3 已退回 */
export type AuditStatus = 0 | 1 | 2 | 3;
export type Period = 'daily' | 'weekly' | 'monthly';
export type ScopeType = 'area' | 'route';

export interface PlanAudit {
  id: string;
  /** submit, approve, reject */
  action: 'submit' | 'approve' | 'reject';
  opinion: string | null;
  userId: string;
  userName: string;
  time: string;
}

export interface Plan extends Row {
  id: string;
  planCode: string;
  planName: string;
  typeId: string;
  typeName?: string;
  scopeType: ScopeType;
  /** EPSG:4548 points: a route's vertices or an area's ring */
  geometry: [number, number][];
  period: Period;
  startDate: string;
  endDate: string;
  deptId: string;
  deptName?: string;
  /** comma-joined */
  userIds: string;
  userNames?: string | null;
  /** comma-joined */
  objectIds: string;
  objectCount?: number;
  checkItems: string;
  auditStatus: AuditStatus;
  submitUserName?: string | null;
  submitTime?: string | null;
  auditUserName?: string | null;
  auditTime?: string | null;
  auditOpinion?: string | null;
  remark?: string | null;
  createTime?: string;
  updateTime?: string;
}

export interface PlanDetail extends Plan {
  objects: Pick<
    JobObject,
    'id' | 'objectCode' | 'objectName' | 'facilityType' | 'x' | 'y' | 'lon' | 'lat' | 'address'
  >[];
  audits: PlanAudit[];
}

/** What a plan's save sends: the plan's own fields, the user and object ids as a list or comma-joined. */
export interface PlanInput
  extends Pick<
    Plan,
    'planName' | 'typeId' | 'scopeType' | 'geometry' | 'period' | 'startDate' | 'endDate' | 'deptId' | 'checkItems'
  > {
  id?: string;
  userIds: string[] | string;
  objectIds: string[] | string;
  remark?: string;
}

// ------------------------------------------------------------------------------------------------ tasks

/** 0 待执行, 1 执行中, 2 已完成, 3 已超期 */
export type TaskStatus = 0 | 1 | 2 | 3;

export interface Task extends Row {
  id: string;
  planId: string;
  planName: string;
  planCode: string;
  taskName: string;
  typeName?: string;
  deptId: string;
  deptName?: string;
  period: Period;
  periodStart: string;
  periodEnd: string;
  taskStatus: TaskStatus;
  startTime: string | null;
  finishTime: string | null;
  objectCount: number;
  checkedCount: number;
  hazardCount: number;
  scopeType: ScopeType;
  userIds: string | null;
  userNames: string | null;
  /** per cent */
  coverage: number;
}

export interface TaskObject {
  id: string;
  jobObjectId: string;
  objectName: string;
  facilityType: string;
  x: number;
  y: number;
  sort: number;
  /** 0 未签到, 1 正常, 2 隐患 */
  result: 0 | 1 | 2;
  checkTime: string | null;
  checkUserName: string | null;
  /** comma-joined file links */
  photos: string | null;
  remark: string | null;
}

export interface TaskUser {
  id: string;
  userId: string;
  realName: string;
  active: number;
  assignTime: string;
  fromUserId: string | null;
  fromUserName: string | null;
  reason: string | null;
  assignUserName: string | null;
}

export interface TaskDetail extends Task {
  objects: TaskObject[];
  users: TaskUser[];
}

export interface Hazard {
  id: string;
  taskId: string;
  eventType: string;
  eventTypeName: string;
  level: number;
  levelName: string;
  description: string;
  photos: string | null;
  reportTime: string;
  reportUserName: string | null;
  hazardStatus: number;
  orderId: string | null;
}

// ------------------------------------------------------------------------------------------------ rules

export interface AccessRule extends Row {
  id: string;
  indexCode: 'coverage' | 'punctuality' | 'hazard' | string;
  indexName: string;
  weight: number;
  standard: number;
  description: string | null;
  sort: number;
}

export type ScoreParts = PatrolScore;

export interface TaskJobRow extends ScoreParts {
  id: string;
  taskName: string;
  deptName: string | null;
  periodStart: string;
  periodEnd: string;
  taskStatus: TaskStatus;
  taskStatusName: string;
  finishTime: string | null;
  objectCount: number;
  checkedCount: number;
  hazardCount: number;
  userNames: string | null;
  punctual: 0 | 1;
}

/** The task and object counts a score, report or analysis row gives for its person, period or department. */
export interface TaskCounts {
  tasks: number;
  finished: number;
  overdue: number;
  objects: number;
  checked: number;
  hazards: number;
}

export interface TaskJobUserRow extends ScoreParts, TaskCounts {
  userId: string;
  account: string;
  realName: string;
  deptName: string | null;
  rank: number;
}

export interface ScoreQuery {
  current?: number;
  size?: number;
  startTime?: string;
  endTime?: string;
  deptId?: string;
  userId?: string;
  realName?: string;
}

// ------------------------------------------------------------------------------------------------ overview

export type Dimension = 'DAY' | 'MONTH' | 'YEAR';

export interface OverviewQuery {
  startTime?: string;
  endTime?: string;
  deptId?: string;
  dimension?: Dimension;
}

export interface OverviewIndex {
  taskTotal: number;
  taskFinished: number;
  taskOverdue: number;
  taskRunning: number;
  finishRate: number;
  objectTotal: number;
  objectChecked: number;
  coverageRate: number;
  hazardTotal: number;
  orderTotal: number;
  orderFinished: number;
  orderOpen: number;
  orderFinishRate: number;
  avgHandleHours: number;
  staffTotal: number;
}

export interface OrderTrend {
  dimension: 'DAY' | 'MONTH' | 'YEAR';
  list: { time: string; total: number; finished: number }[];
}

export interface ReportRow extends TaskCounts {
  time: string;
  orders: number;
  ordersFinished: number;
  finishRate: number;
  coverageRate: number;
}

export interface PatrolAnalysisRow extends TaskCounts {
  deptId: string;
  deptName: string | null;
  finishRate: number;
  coverageRate: number;
}

// ------------------------------------------------------------------------------------------------ calls

const removeBy = (path: string) => (ids: string[]) => http.post<null>(`${B}/${path}/remove`, { ids: ids.join(',') });

export const patrolTypeApi = {
  key: `${B}/patrol-type`,
  list: () => http.get<PatrolType[]>(`${B}/patrol-type/list`),
  page: () => http.get<PatrolType[]>(`${B}/patrol-type/list`),
  submit: (row: Partial<PatrolType>) => http.post<PatrolType>(`${B}/patrol-type/save`, row),
  remove: removeBy('patrol-type'),
} satisfies CrudApi<PatrolType> & Record<string, unknown>;

/** A plain list of `path`: paged by `${path}/${pageCall}`, saved by `${path}/save`, removed by `${path}/remove`. */
function pagedApi<T extends Row>(path: string, pageCall: 'page' | 'list') {
  return {
    key: `${B}/${path}`,
    page: (q: Query) => http.get<Page<T>>(`${B}/${path}/${pageCall}`, q),
    submit: (row: Partial<T>) => http.post<T>(`${B}/${path}/save`, row),
    remove: removeBy(path),
  } satisfies CrudApi<T>;
}

export const patrolTypeObjectApi = pagedApi<PatrolTypeObject>('patrol-type-object', 'page');

export const jobObjectApi = pagedApi<JobObject>('patrol-job-object', 'list');

export const planApi = {
  key: `${B}/patrol-plan`,
  page: (q: Query) => http.get<Page<Plan>>(`${B}/patrol-plan/page`, q),
  detail: (id: string) => http.get<PlanDetail | null>(`${B}/patrol-plan/detail`, { id }),
  /** no id: `save` (a new draft); an id: `update` */
  submit: (row: Partial<PlanInput> | Partial<Plan>) =>
    row.id
      ? http.post<PlanDetail>(`${B}/patrol-plan/update`, row)
      : http.post<PlanDetail>(`${B}/patrol-plan/save`, row),
  remove: removeBy('patrol-plan'),
  /** submit for audit */
  submitAudit: (id: string) => http.post<PlanDetail>(`${B}/patrol-plan/submit`, { id }),
  /** approve (2) or send back (3, an opinion is required) */
  audit: (id: string, auditStatus: 2 | 3, auditOpinion?: string) =>
    http.post<PlanDetail>(`${B}/partol-plan-audit/update`, { id, auditStatus, auditOpinion }),
} satisfies CrudApi<Plan> & Record<string, unknown>;

export const taskApi = {
  key: `${B}/patrol-task`,
  page: (q: Query) => http.get<Page<Task>>(`${B}/patrol-task/page`, q),
  detail: (id: string) => http.get<TaskDetail | null>(`${B}/patrol-task/detail`, { id }),
  submit: async () => null,
  remove: async () => null,
  objects: (q: Query) =>
    http.get<Page<TaskObject & { taskId: string; facilityTypeName: string }>>(`${B}/patrol-task-object/page`, q),
  hazards: (q: Query) => http.get<Page<Hazard>>(`${B}/patrol-hazard/page`, q),
  reassign: (taskId: string, userId: string, reason: string) =>
    http.post<TaskDetail>(`${B}/patrol-task-user/task-reassignment`, { taskId, userId, reason }),
} satisfies CrudApi<Task> & Record<string, unknown>;

export const patrolDictApi = {
  facilityTypes: () => http.get<FacilityType[]>(`${B}/patrol-task-object/facility-type`),
  eventTypes: () => http.get<EventType[]>(`${B}/patrol-hazard/event-type`),
};

const R = `${B}/ops-access-rule-index`;
export const accessRuleApi = {
  list: () => http.get<AccessRule[]>(`${R}/list`),
  /** the weights of all indexes must add up to 100 */
  update: (rows: Pick<AccessRule, 'id' | 'weight' | 'standard' | 'description'>[]) =>
    http.post<AccessRule[]>(`${R}/update`, rows),
  taskJobPage: (q: ScoreQuery) => http.get<Page<TaskJobRow>>(`${R}/taskJobPage`, q as Query),
  taskJobUserPage: (q: ScoreQuery) => http.get<Page<TaskJobUserRow>>(`${R}/taskJobUserPage`, q as Query),
  taskJobExport: (q: ScoreQuery) => http.blob('GET', `${R}/taskJobExport`, { params: q as Query }, '任务考核.xlsx'),
  taskJobUserExport: (q: ScoreQuery) =>
    http.blob('GET', `${R}/taskJobUserExport`, { params: q as Query }, '人员考核.xlsx'),
};

const O = `${B}/overview`;
const ov =
  <T>(path: string) =>
  (q: OverviewQuery) =>
    http.get<T>(`${O}/${path}`, { ...q });
export const overviewApi = {
  index: ov<OverviewIndex>('index'),
  orderTrend: ov<OrderTrend>('order-trend-analysis'),
  orderSource: ov<{ source: string; name: string; value: number }[]>('order-source-analysis'),
  orderAverage: ov<{ eventType: string; name: string; count: number; avgHours: number }[]>('order-av-analysis'),
  patrolAnalysis: ov<PatrolAnalysisRow[]>('patrol-analysis'),
  eventAnalysis: ov<{ eventType: string; name: string; value: number; urgent: number }[]>('event-analysis'),
  reportList: ov<ReportRow[]>('statistics-report-list'),
  reportLine: ov<{ xAxis: string[]; series: { name: string; key: string; data: number[] }[] }>(
    'statistics-report-line',
  ),
  reportPie: ov<{ status: number; name: string; value: number }[]>('statistics-report-pie'),
  reportPage: (q: OverviewQuery & { current: number; size: number }) =>
    http.get<Page<Omit<TaskJobUserRow, 'rank'>>>(`${O}/statistics-report-page`, { ...q }),
  orderPie: ov<{ status: number; name: string; value: number }[]>('report-pie'),
};
