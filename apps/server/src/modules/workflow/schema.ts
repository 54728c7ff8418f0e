/**
 * Workflow (our own BPMN engine, docs/workflow.md): design rows (categories, models and their history, forms and
 * their history, conditions, buttons, form default values, model scopes, proxies), deployed definitions, and the
 * run-time rows the interpreter advances (instances, executions = tokens, tasks, candidates, timers) with their
 * history (activity log, comments, CC copies), drafts and the leave request.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businessTable, idAndTenant, idType, pk, remark, sort } from '../../core/columns.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** 流程分类 (tree). */
export const wfCategory = businessTable(
  'wf_category',
  {
    parentId: idType('parent_id').default('0').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    ...sort(1),
    ...remark(),
  },
  (t) => [index('idx_wf_category_tenant').on(t.tenantId, t.parentId)],
);

/** 流程模型: the BPMN XML being designed; `version` counts saves (each save keeps the old one in history). */
export const wfModel = businessTable(
  'wf_model',
  {
    modelKey: varchar('model_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    categoryId: idType('category_id'),
    description: varchar('description', { length: 500 }),
    icon: varchar('icon', { length: 500 }),
    xml: text('xml'),
    version: integer('version').default(1).notNull(),
  },
  (t) => [uniqueIndex('uk_wf_model_key').on(t.tenantId, t.modelKey).where(sql`is_deleted = 0`)],
);

export const wfModelHistory = businessTable(
  'wf_model_history',
  {
    modelId: idType('model_id').notNull(),
    modelKey: varchar('model_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    description: varchar('description', { length: 500 }),
    xml: text('xml'),
    version: integer('version').notNull(),
  },
  (t) => [index('idx_wf_model_history_model').on(t.modelId)],
);

/** 流程表单: a JNPF-shaped form schema kept as JSON (the low-code issue defines it; stored and returned as is). */
export const wfForm = businessTable(
  'wf_form',
  {
    formKey: varchar('form_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    categoryId: idType('category_id'),
    content: jsonb('content'),
    version: integer('version').default(1).notNull(),
    ...remark(),
  },
  (t) => [uniqueIndex('uk_wf_form_key').on(t.tenantId, t.formKey).where(sql`is_deleted = 0`)],
);

export const wfFormHistory = businessTable(
  'wf_form_history',
  {
    formId: idType('form_id').notNull(),
    formKey: varchar('form_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    content: jsonb('content'),
    version: integer('version').notNull(),
  },
  (t) => [index('idx_wf_form_history_form').on(t.formId)],
);

/** 流程表达式 (conditions picked in the designer). */
export const wfCondition = businessTable('wf_condition', {
  categoryId: idType('category_id'),
  name: varchar('name', { length: 128 }).notNull(),
  expression: varchar('expression', { length: 1000 }).notNull(),
  ...remark(),
});

/** 流程按钮: the button catalogue a node's `flowable:buttons` names by key. */
export const wfButton = businessTable(
  'wf_button',
  {
    buttonKey: varchar('button_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    display: boolean('display').default(true).notNull(),
    ...sort(1),
  },
  (t) => [uniqueIndex('uk_wf_button_key').on(t.tenantId, t.buttonKey).where(sql`is_deleted = 0`)],
);

/** 表单默认值: a named default a form field may take (e.g. ${currentUser}). */
export const wfFormDefault = businessTable('wf_form_default', {
  name: varchar('name', { length: 64 }).notNull(),
  fieldType: varchar('field_type', { length: 32 }).default('input').notNull(),
  content: varchar('content', { length: 500 }).notNull(),
  ...remark(),
});

/** 模型权限: who may start a model's process (type user/role/dept/post, value = ids comma-joined). */
export const wfModelScope = businessTable(
  'wf_model_scope',
  {
    modelId: idType('model_id').notNull(),
    scopeType: varchar('scope_type', { length: 16 }).notNull(),
    val: text('val').default('').notNull(),
  },
  (t) => [index('idx_wf_model_scope_model').on(t.modelId)],
);

/** 流程代理: tasks of `userId` go to `proxyUserId` from startTime to endTime (optionally one process key). */
export const wfProxy = businessTable(
  'wf_proxy',
  {
    userId: idType('user_id').notNull(),
    proxyUserId: idType('proxy_user_id').notNull(),
    processDefKey: varchar('process_def_key', { length: 64 }),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    ...remark(),
  },
  (t) => [index('idx_wf_proxy_user').on(t.tenantId, t.userId)],
);

/** 部署 / 流程定义: unique on (tenant, key, version); status 1 active, 2 suspended. `graph` is the compiled XML. */
export const wfDefinition = businessTable(
  'wf_definition',
  {
    deploymentId: idType('deployment_id').notNull(),
    processKey: varchar('process_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    version: integer('version').notNull(),
    categoryId: idType('category_id'),
    modelId: idType('model_id'),
    formKey: varchar('form_key', { length: 64 }),
    description: varchar('description', { length: 500 }),
    icon: varchar('icon', { length: 500 }),
    xml: text('xml').notNull(),
    graph: jsonb('graph').notNull(),
    /** file name of an uploaded deployment */
    resourceName: varchar('resource_name', { length: 255 }),
    deployTime: ts('deploy_time').defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('uk_wf_definition_key_version').on(t.tenantId, t.processKey, t.version),
    index('idx_wf_definition_deployment').on(t.deploymentId),
  ],
);

/** A running or finished process instance. status: running, suspended, finished, terminated, withdrawn, deleted. */
export const wfInstance = pgTable(
  'wf_instance',
  {
    ...idAndTenant(),
    definitionId: idType('definition_id').notNull(),
    processKey: varchar('process_key', { length: 64 }).notNull(),
    processName: varchar('process_name', { length: 128 }).notNull(),
    title: varchar('title', { length: 255 }),
    businessKey: varchar('business_key', { length: 128 }),
    starterId: idType('starter_id').notNull(),
    state: varchar('state', { length: 16 }).default('running').notNull(),
    vars: jsonb('vars').default({}).notNull(),
    startTime: ts('start_time').defaultNow().notNull(),
    endTime: ts('end_time'),
    deleteReason: varchar('delete_reason', { length: 255 }),
  },
  (t) => [
    index('idx_wf_instance_starter').on(t.tenantId, t.starterId, t.startTime),
    index('idx_wf_instance_state').on(t.tenantId, t.state),
  ],
);

/**
 * A token. `activityId` is where it is; `waiting` says it waits at a parallel join (arrived over flow `viaFlow`).
 * A multi-instance activity has a root (isMiRoot, vars: nrOfInstances, nrOfCompletedInstances, nrOfActiveInstances,
 * collection) whose children (parentId) each carry one task and their local vars (element variable, loopCounter).
 */
export const wfExecution = pgTable(
  'wf_execution',
  {
    id: pk(),
    instanceId: idType('instance_id').notNull(),
    parentId: idType('parent_id'),
    activityId: varchar('activity_id', { length: 128 }).notNull(),
    isMiRoot: boolean('is_mi_root').default(false).notNull(),
    loopCounter: integer('loop_counter'),
    waiting: boolean('waiting').default(false).notNull(),
    viaFlow: varchar('via_flow', { length: 128 }),
    vars: jsonb('vars').default({}).notNull(),
    createTime: ts('create_time').defaultNow().notNull(),
  },
  (t) => [index('idx_wf_execution_instance').on(t.instanceId)],
);

/** A user task, open (endTime null) or finished (history stays in the same row). */
export const wfTask = pgTable(
  'wf_task',
  {
    ...idAndTenant(),
    instanceId: idType('instance_id').notNull(),
    executionId: idType('execution_id').notNull(),
    definitionId: idType('definition_id').notNull(),
    taskDefKey: varchar('task_def_key', { length: 128 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    owner: idType('owner'),
    assignee: idType('assignee'),
    /** null, PENDING or RESOLVED */
    delegation: varchar('delegation', { length: 16 }),
    suspended: boolean('suspended').default(false).notNull(),
    formKey: varchar('form_key', { length: 64 }),
    createTime: ts('create_time').defaultNow().notNull(),
    claimTime: ts('claim_time'),
    dueDate: ts('due_date'),
    endTime: ts('end_time'),
    /** completed (pass), rejected, deleted, rollback, terminated, withdrawn, dispatched, mi-deleted */
    deleteReason: varchar('delete_reason', { length: 32 }),
    /** who finished it */
    finishedBy: idType('finished_by'),
  },
  (t) => [
    // the to-do and claim lists: a person's open tasks in list order (create_time, id), index-only for the counts
    index('idx_wf_task_todo').on(t.tenantId, t.assignee, t.createTime, t.id).where(sql`end_time is null`),
    index('idx_wf_task_instance').on(t.instanceId),
    index('idx_wf_task_done').on(t.tenantId, t.finishedBy, t.endTime).where(sql`end_time is not null`),
  ],
);

/** Candidates of an open task, resolved to users when the task is made (kind: user, role, dept, post). */
export const wfTaskCandidate = pgTable(
  'wf_task_candidate',
  {
    id: pk(),
    taskId: idType('task_id').notNull(),
    userId: idType('user_id').notNull(),
    kind: varchar('kind', { length: 8 }).default('user').notNull(),
  },
  (t) => [index('idx_wf_task_candidate_user').on(t.userId, t.taskId), index('idx_wf_task_candidate_task').on(t.taskId)],
);

/** A due reminder (non-interrupting timer boundary) of a task; polled by the jobs leader. */
export const wfTimer = pgTable(
  'wf_timer',
  {
    id: pk(),
    instanceId: idType('instance_id').notNull(),
    executionId: idType('execution_id').notNull(),
    taskId: idType('task_id'),
    activityId: varchar('activity_id', { length: 128 }).notNull(),
    dueAt: ts('due_at').notNull(),
    /** repetitions left after this one (R3/PT1H → 2 after the first) */
    repeatLeft: integer('repeat_left').default(0).notNull(),
    intervalMs: integer('interval_ms').default(0).notNull(),
  },
  (t) => [index('idx_wf_timer_due').on(t.dueAt), index('idx_wf_timer_instance').on(t.instanceId)],
);

/** Activity history: one row per node entered (ended when left). */
export const wfActivity = pgTable(
  'wf_activity',
  {
    id: pk(),
    instanceId: idType('instance_id').notNull(),
    executionId: idType('execution_id'),
    activityId: varchar('activity_id', { length: 128 }).notNull(),
    activityName: varchar('activity_name', { length: 128 }),
    activityType: varchar('activity_type', { length: 32 }).notNull(),
    taskId: idType('task_id'),
    assignee: idType('assignee'),
    startTime: ts('start_time').defaultNow().notNull(),
    endTime: ts('end_time'),
    seq: integer('seq').default(0).notNull(),
  },
  (t) => [index('idx_wf_activity_instance').on(t.instanceId, t.seq)],
);

/** Comments and the kind of operation (pass, reject, transfer, delegate, resolve, rollback, terminate, …). */
export const wfComment = pgTable(
  'wf_comment',
  {
    id: pk(),
    instanceId: idType('instance_id').notNull(),
    taskId: idType('task_id'),
    userId: idType('user_id'),
    type: varchar('type', { length: 32 }).notNull(),
    message: text('message').default('').notNull(),
    time: ts('time').defaultNow().notNull(),
  },
  (t) => [index('idx_wf_comment_instance').on(t.instanceId)],
);

/** 抄送: a copy grants the user read access to the instance. */
export const wfCopy = pgTable(
  'wf_copy',
  {
    ...idAndTenant(),
    userId: idType('user_id').notNull(),
    title: varchar('title', { length: 255 }),
    initiator: idType('initiator'),
    taskId: idType('task_id'),
    processId: idType('process_id').notNull(),
    formKey: varchar('form_key', { length: 64 }),
    createTime: ts('create_time').defaultNow().notNull(),
  },
  (t) => [
    index('idx_wf_copy_user').on(t.tenantId, t.userId, t.createTime),
    index('idx_wf_copy_process').on(t.processId),
  ],
);

/** 草稿: form values saved before starting or completing; deleted on start and on complete. */
export const wfDraft = businessTable(
  'wf_draft',
  {
    userId: idType('user_id').notNull(),
    processDefId: idType('process_def_id'),
    processKey: varchar('process_key', { length: 64 }),
    taskId: idType('task_id'),
    title: varchar('title', { length: 255 }),
    variables: jsonb('variables').default({}).notNull(),
  },
  (t) => [index('idx_wf_draft_user').on(t.tenantId, t.userId)],
);

/** 请假 (leave request), started as process `leave`. */
export const wfLeave = businessTable(
  'wf_leave',
  {
    processDefinitionId: idType('process_definition_id'),
    processInstanceId: idType('process_instance_id'),
    leaveType: integer('leave_type').default(1).notNull(),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    days: integer('days').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    taskUser: idType('task_user'),
    applyTime: ts('apply_time').defaultNow(),
  },
  (t) => [index('idx_wf_leave_instance').on(t.processInstanceId)],
);
