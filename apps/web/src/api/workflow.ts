/**
 * Typed calls of the workflow families (spec 2 §7 "Workflow"): `/api/blade-workflow/*` (BladeX workflow plugin:
 * process lists and task operations, ops, design: models, forms, deployments, categories, conditions, buttons),
 * `/api/blade-flow/*` (the older BladeX flow family), `/api/blade-desk/process/*` (the leave request) and the JNPF
 * `/api/workflow/Engine/*` family. Paths and verbs are the spec's; reply shapes are the server's (docs/workflow.md).
 */
import type { Page } from '@swp/contract';
import { crudApi, jnpfApi, type Query, type Row } from './crud';
import { http } from './http';

const W = '/api/blade-workflow';

/** A deployed process definition as the start list answers it. */
export interface WfDefinition extends Row {
  id: string;
  key: string;
  name: string;
  version?: number;
  category?: string;
  categoryName?: string;
  deploymentId?: string;
  description?: string;
  icon?: string;
  /** 1 active, 2 suspended */
  status?: number;
}

/** A row of the task and instance lists (to-do, claim, sent, done, my done, copy, ops). */
export interface WfTask extends Row {
  taskId?: string;
  taskName?: string;
  taskDefinitionKey?: string;
  processInstanceId: string;
  processDefinitionId?: string;
  processDefinitionKey?: string;
  processDefinitionName?: string;
  startUserId?: string;
  startUsername?: string;
  assignee?: string;
  assigneeName?: string;
  createTime?: string;
  endTime?: string;
  /** 'todo' | 'done' or the server's instance status */
  status?: string;
  processIsFinished?: string | boolean;
  category?: string;
  categoryName?: string;
}

/** One entry of the approval timeline. */
export interface WfFlowEntry extends Row {
  historyActivityId?: string;
  historyActivityName?: string;
  historyActivityType?: string;
  assignee?: string;
  assigneeName?: string;
  createTime?: string;
  endTime?: string;
  comment?: string;
  /** the comment's kind: pass, reject, transfer, delegate, rollback, terminate, withdraw, copy, urge, … */
  type?: string;
}

/** A node button as the node allows it (BladeX `buttonKey`: wf_pass, wf_reject, wf_transfer, …). */
export interface WfButton extends Row {
  buttonKey: string;
  name?: string;
  display?: boolean;
}

/** The process or task detail (`/process/detail`). */
export interface WfDetail {
  process: WfTask & {
    xml?: string;
    /** the form definition (a JNPF-style schema, JSON text or object) and its values */
    isOwner?: boolean;
    isReturnable?: boolean;
    isMultiInstance?: boolean;
    /** the holder may correct the form (the node's flowable:formEditable); values go as `variables` with 同意 */
    formEditable?: boolean;
    processIsFinished?: string | boolean;
    variables?: Record<string, unknown>;
    [k: string]: unknown;
  };
  form?: { id?: string; name?: string; content?: unknown; [k: string]: unknown } | null;
  flow?: WfFlowEntry[];
  button?: WfButton[];
  /** activity ids finished and current (for the diagram) */
  finishedNodes?: string[];
  currentNodes?: string[];
  finishedFlows?: string[];
  [k: string]: unknown;
}

/** The body of completeTask and of the other task operations (BladeX field names). */
export interface TaskOp {
  taskId?: string;
  processInstanceId?: string;
  pass?: boolean;
  comment?: string;
  copyUser?: string;
  assignee?: string;
  nodeId?: string;
  variables?: Record<string, unknown>;
  [k: string]: unknown;
}

const P = `${W}/process`;
const listOf =
  (path: string) =>
  (query: Query): Promise<Page<WfTask>> =>
    http.get<Page<WfTask>>(`${P}/${path}`, query);

/** `/blade-workflow/process`: lists and the task operations of the signed-in person. */
export const processApi = {
  processList: (query: Query) => http.get<Page<WfDefinition>>(`${P}/processList`, query),
  claimList: listOf('claimList'),
  todoList: listOf('todoList'),
  sendList: listOf('sendList'),
  doneList: listOf('doneList'),
  myDoneList: listOf('myDoneList'),
  copyList: listOf('copyList'),
  getFormByProcessId: (processId: string) => http.get<any>(`${P}/getFormByProcessId`, { processId }),
  getFormByProcessDefKey: (processDefKey: string) => http.get<any>(`${P}/getFormByProcessDefKey`, { processDefKey }),
  detail: (params: { taskId?: string; processInsId?: string }) => http.get<WfDetail>(`${P}/detail`, params),
  getBackNodes: (params: { taskId: string }) =>
    http.get<{ nodeId: string; nodeName: string }[]>(`${P}/getBackNodes`, params),
  startProcess: (body: { processId?: string; processDefKey?: string; [k: string]: unknown }) =>
    http.post<any>(`${P}/startProcess`, body),
  completeTask: (body: TaskOp) => http.post<null>(`${P}/completeTask`, body),
  transferTask: (body: TaskOp) => http.post<null>(`${P}/transferTask`, body),
  delegateTask: (body: TaskOp) => http.post<null>(`${P}/delegateTask`, body),
  claimTask: (taskId: string) => http.post<null>(`${P}/claimTask`, { taskId }, { params: { taskId } }),
  rollbackTask: (body: TaskOp) => http.post<null>(`${P}/rollbackTask`, body),
  terminateProcess: (body: TaskOp) => http.post<null>(`${P}/terminateProcess`, body),
  withdrawTask: (body: TaskOp & { withdrawType?: 'start' | 'end' }) => http.post<null>(`${P}/withdrawTask`, body),
  addMultiInstance: (body: TaskOp) => http.post<null>(`${P}/addMultiInstance`, body),
  /** the starter's 催办 (rate-limited by the server) */
  urgeTask: (body: TaskOp) => http.post<null>(`${P}/urgeTask`, body),
};

const O = `${W}/ops`;
/** `/blade-workflow/ops`: administrators' operations over every active task. */
export const opsApi = {
  list: (query: Query) => http.get<Page<WfTask>>(`${O}/list`, query),
  processList: (query: Query) => http.get<Page<WfTask>>(`${O}/processList`, query),
  doneList: (query: Query) => http.get<Page<WfTask>>(`${O}/doneList`, query),
  processNodes: (params: { processInstanceId?: string; processDefinitionId?: string; taskId?: string }) =>
    http.get<{ nodeId: string; nodeName: string }[]>(`${O}/processNodes`, params),
  completeTask: (body: TaskOp) => http.post<null>(`${O}/completeTask`, body),
  changeTaskStatus: (body: TaskOp & { status?: string | number }) => http.post<null>(`${O}/changeTaskStatus`, body),
  changeTaskAssignee: (body: TaskOp) => http.post<null>(`${O}/changeTaskAssignee`, body),
  transferTask: (body: TaskOp) => http.post<null>(`${O}/transferTask`, body),
  delegateTask: (body: TaskOp) => http.post<null>(`${O}/delegateTask`, body),
  copyTask: (body: TaskOp) => http.post<null>(`${O}/copyTask`, body),
  urgeTask: (body: TaskOp) => http.post<null>(`${O}/urgeTask`, body),
  terminateProcess: (body: TaskOp) => http.post<null>(`${O}/terminateProcess`, body),
  rollbackTask: (body: TaskOp) => http.post<null>(`${O}/rollbackTask`, body),
  dispatchTask: (body: TaskOp) => http.post<null>(`${O}/dispatchTask`, body),
  addMultiInstance: (body: TaskOp) => http.post<null>(`${O}/addMultiInstance`, body),
  deleteMultiInstance: (body: TaskOp) => http.post<null>(`${O}/deleteMultiInstance`, body),
  deleteProcess: (body: TaskOp) => http.post<null>(`${O}/deleteProcess`, body),
  proxy: crudApi(`${O}/proxy`),
};

/** A process model (设计 → 模型). */
export interface WfModel extends Row {
  id: string;
  modelKey: string;
  name: string;
  categoryId?: string;
  description?: string;
  icon?: string;
  /** the BPMN 2.0 XML */
  xml?: string;
  version?: number;
}

const D = `${W}/design`;
const modelBase = crudApi<WfModel>(`${D}/model`);
/** `/blade-workflow/design`: models, forms, deployments, categories, conditions, buttons and their histories. */
export const designApi = {
  model: {
    ...modelBase,
    deploy: (body: { modelId: string; categoryId?: string; tenantIds?: string }) =>
      http.post<null>(`${D}/model/deploy`, body, { params: body }),
    changeCategory: (body: { id: string; categoryId: string }) =>
      http.post<null>(`${D}/model/changeCategory`, body, { params: body }),
    changeIcon: (body: { id: string; icon: string }) => http.post<null>(`${D}/model/changeIcon`, body),
  },
  modelHistory: {
    ...crudApi(`${D}/model/history`),
    setMainVersion: (id: string) => http.post<null>(`${D}/model/history/setMainVersion`, { id }, { params: { id } }),
  },
  modelScope: crudApi(`${D}/model/scope`),
  form: {
    ...crudApi(`${D}/form`),
    listType: (query?: Query) => http.get<any[]>(`${D}/form/listType`, query),
    changeCategory: (body: { id: string; categoryId: string }) =>
      http.post<null>(`${D}/form/changeCategory`, body, { params: body }),
  },
  formHistory: {
    ...crudApi(`${D}/form/history`),
    setMainVersion: (id: string) => http.post<null>(`${D}/form/history/setMainVersion`, { id }, { params: { id } }),
  },
  formDefaults: crudApi(`${D}/form/default-values`),
  deployment: {
    key: `${D}/deployment`,
    page: (query: Query) => http.get<Page<Row>>(`${D}/deployment/list`, query),
    submit: async () => undefined,
    remove: (ids: string[]) => http.post<null>(`${D}/deployment/remove`, { deploymentIds: ids.join(','), ids }),
    changeStatus: (body: { id: string; status: number | string }) =>
      http.post<null>(`${D}/deployment/changeStatus`, body),
    changeCategory: (body: { id: string; categoryId: string }) =>
      http.post<null>(`${D}/deployment/changeCategory`, body),
  },
  button: crudApi(`${D}/button`),
  condition: crudApi(`${D}/condition`),
  category: {
    ...crudApi(`${D}/category`),
    tree: (query?: Query) => http.get<Row[]>(`${D}/category/tree`, query),
  },
};

/** `/blade-workflow/process/leave` and `/process/draft`. */
export const leaveApi = crudApi(`${P}/leave`);
export const draftApi = crudApi(`${P}/draft`);

/** `/blade-flow`: the older BladeX flow family (models, manager, follow, work). */
export const flowApi = {
  model: crudApi('/api/blade-flow/model'),
  deployUpload: (form: FormData) => http.post<null>('/api/blade-flow/manager/deploy-upload', form),
  historyFlowList: (params: { processInstanceId: string }) =>
    http.get<WfFlowEntry[]>('/api/blade-flow/process/history-flow-list', params),
};

/** JNPF `/api/workflow/Engine/FlowEngine`. */
export const flowEngineApi = jnpfApi('/api/workflow/Engine/FlowEngine');

/** Route parameters of the start and detail screens travel as base64url JSON (`/workflow/process/detail/{params}`). */
export function encodeParams(p: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(p));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeParams<T = Record<string, string>>(s: string | undefined): T {
  if (!s) return {} as T;
  try {
    const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as T;
  } catch {
    return {} as T;
  }
}
