/**
 * The designer's properties panel (our own React + antd, no bpmn-js-properties-panel): the process (key, name,
 * reject-to node), a user task (assignee, candidates through the user, role, department and post pickers, form,
 * node buttons, reject-to node, multi-instance), a sequence flow (condition, default flow), a timer boundary event
 * (duration) and the name of any other element. Every change is a `modeling.updateProperties` (undoable).
 */

import type { Page } from '@swp/contract';
import { Alert, Checkbox, Divider, Form, Input, Radio, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Row, rowsOf } from '../../../api/crud';
import { http } from '../../../api/http';
import { roleApi } from '../../../api/system';
import { DeptTreeSelect, PostTreeSelect, TreeSelectField } from '../../../components/widgets';
import { toTreeOptions } from '../../../components/widgets/treeUtils';
import {
  type AssigneeKind,
  conditionUpdates,
  type ModdleElement,
  type MultiKind,
  NODE_BUTTONS,
  readCondition,
  readTask,
  type TaskModel,
  taskUpdates,
} from './props';
import { UserField } from './UserField';

const NCNAME = /^[A-Za-z_][\w.-]*$/;

interface Props {
  modeler: any;
  /** the selected shape or connection; null: the process */
  element: any | null;
  /** bumps when the diagram changes, so the panel re-reads the business objects */
  tick: number;
}

export function PropertiesPanel({ modeler, element, tick }: Props) {
  const { t } = useTranslation();
  const modeling = modeler.get('modeling');
  const moddle = modeler.get('moddle');
  const canvas = modeler.get('canvas');
  const registry = modeler.get('elementRegistry');
  const target = element ?? canvas.getRootElement();
  const bo: ModdleElement = target?.businessObject;
  const update = (props: Record<string, unknown>) => modeling.updateProperties(target, props);

  // nodes a rejection may return to: the start event and the user tasks
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick re-reads the diagram
  const backNodes = useMemo(
    () =>
      registry
        .filter((e: any) => e.type === 'bpmn:UserTask' || e.type === 'bpmn:StartEvent')
        .map((e: any) => ({ value: e.id, label: e.businessObject.name || e.id })),
    [registry, tick],
  );

  if (!bo) return null;
  const type: string = bo.$type;
  return (
    <div className="wf-panel" data-testid="wf-panel" data-element={bo.id}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t(`workflow.panel.types.${type.replace('bpmn:', '')}`, { defaultValue: type.replace('bpmn:', '') })}
      </Typography.Title>
      <Form layout="vertical" size="small">
        {type === 'bpmn:Process' ? (
          <ProcessSection bo={bo} update={update} backNodes={backNodes} registry={registry} />
        ) : (
          <IdName bo={bo} update={update} registry={registry} />
        )}
        {type === 'bpmn:UserTask' && (
          <TaskSection key={bo.id} bo={bo} moddle={moddle} update={update} backNodes={backNodes} />
        )}
        {type === 'bpmn:StartEvent' && <FormKeyField bo={bo} update={update} />}
        {type === 'bpmn:SequenceFlow' && (
          <FlowSection bo={bo} moddle={moddle} modeling={modeling} registry={registry} />
        )}
        {type === 'bpmn:UserTask' && (
          <Checkbox
            data-testid="wf-prop-form-editable"
            checked={bo.get('flowable:formEditable') === 'true'}
            onChange={(e) => update({ 'flowable:formEditable': e.target.checked ? 'true' : undefined })}
          >
            {t('workflow.panel.formEditable')}
          </Checkbox>
        )}
        {(type === 'bpmn:BoundaryEvent' || type === 'bpmn:IntermediateCatchEvent') &&
          ((bo.eventDefinitions ?? [])[0]?.$type === 'bpmn:MessageEventDefinition' ? (
            <MessageSection key={bo.id} bo={bo} moddle={moddle} modeling={modeling} target={target} />
          ) : (
            <TimerSection key={bo.id} bo={bo} moddle={moddle} modeling={modeling} target={target} />
          ))}
        {type === 'bpmn:ServiceTask' && <ServiceSection key={bo.id} bo={bo} update={update} />}
      </Form>
    </div>
  );
}

type Update = (props: Record<string, unknown>) => void;

/** An id edited as a draft: committed on blur when valid and unused. */
function IdInput({ bo, update, registry, label }: { bo: ModdleElement; update: Update; registry: any; label: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(bo.id ?? '');
  const [error, setError] = useState('');
  useEffect(() => {
    setDraft(bo.id ?? '');
    setError('');
  }, [bo.id]);
  const commit = () => {
    if (draft === bo.id) return setError('');
    if (!NCNAME.test(draft)) return setError(t('workflow.designer.keyInvalid'));
    if (registry.get(draft)) return setError(t('workflow.designer.keyTaken', { key: draft }));
    setError('');
    update({ id: draft });
  };
  return (
    <Form.Item label={label} validateStatus={error ? 'error' : undefined} help={error || undefined}>
      <Input
        value={draft}
        data-testid="wf-prop-id"
        onChange={(e) => setDraft(e.target.value.trim())}
        onBlur={commit}
        onPressEnter={commit}
      />
    </Form.Item>
  );
}

function IdName({ bo, update, registry }: { bo: ModdleElement; update: Update; registry: any }) {
  const { t } = useTranslation();
  return (
    <>
      <IdInput bo={bo} update={update} registry={registry} label={t('workflow.panel.id')} />
      <Form.Item label={t('workflow.panel.name')}>
        <Input
          value={bo.name ?? ''}
          data-testid="wf-prop-name"
          onChange={(e) => update({ name: e.target.value || undefined })}
        />
      </Form.Item>
    </>
  );
}

function ProcessSection({
  bo,
  update,
  backNodes,
  registry,
}: {
  bo: ModdleElement;
  update: Update;
  backNodes: { value: string; label: string }[];
  registry: any;
}) {
  const { t } = useTranslation();
  return (
    <>
      <IdInput bo={bo} update={update} registry={registry} label={t('workflow.panel.key')} />
      <Form.Item label={t('workflow.panel.processName')} required>
        <Input
          value={bo.name ?? ''}
          data-testid="wf-prop-process-name"
          onChange={(e) => update({ name: e.target.value || undefined })}
        />
      </Form.Item>
      <Form.Item label={t('workflow.panel.rollbackNode')} extra={t('workflow.panel.rollbackNodeTip')}>
        <Select
          allowClear
          options={backNodes}
          value={bo.get('flowable:rollbackNode') || undefined}
          onChange={(v) => update({ 'flowable:rollbackNode': v || undefined })}
        />
      </Form.Item>
      <Checkbox
        data-testid="wf-prop-skip-first"
        checked={bo.get('flowable:skipFirstNode') === 'true'}
        onChange={(e) => update({ 'flowable:skipFirstNode': e.target.checked ? 'true' : undefined })}
      >
        {t('workflow.panel.skipFirstNode')}
      </Checkbox>
    </>
  );
}

function useForms() {
  const [forms, setForms] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    http
      .get<Page<Row>>('/api/blade-workflow/design/form/list', { current: 1, size: 500 }, { silent: true })
      .then((p) =>
        setForms(
          rowsOf(p as any).records.map((f: any) => ({
            value: String(f.formKey ?? f.key ?? f.id),
            label: `${f.name ?? f.formName ?? f.formKey}${f.formKey ? ` (${f.formKey})` : ''}`,
          })),
        ),
      )
      .catch(() => setForms([]));
  }, []);
  return forms;
}

function FormKeyField({ bo, update }: { bo: ModdleElement; update: Update }) {
  const { t } = useTranslation();
  const forms = useForms();
  const value = bo.get('flowable:formKey') || undefined;
  const options = value && !forms.some((f) => f.value === value) ? [...forms, { value, label: value }] : forms;
  return (
    <Form.Item label={t('workflow.panel.formKey')}>
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        options={options}
        value={value}
        data-testid="wf-prop-form"
        onChange={(v) => update({ 'flowable:formKey': v || undefined })}
      />
    </Form.Item>
  );
}

function RoleTreeSelect(p: { value: string[]; onChange(v: string[]): void }) {
  return (
    <TreeSelectField
      multiple
      value={p.value}
      onChange={p.onChange}
      load={async () => toTreeOptions(await roleApi.tree())}
    />
  );
}

function TaskSection({
  bo,
  moddle,
  update,
  backNodes,
}: {
  bo: ModdleElement;
  moddle: any;
  update: Update;
  backNodes: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const m = readTask(bo);
  const set = (patch: Partial<TaskModel>) => {
    const next = { ...m, ...patch };
    const updates = taskUpdates(next, moddle);
    delete updates.name; // the name has its own field
    // keep the loop object when multi-instance settings did not change
    if (
      next.multi === m.multi &&
      next.collection === m.collection &&
      next.elementVariable === m.elementVariable &&
      next.completionCondition === m.completionCondition
    )
      delete updates.loopCharacteristics;
    update(updates);
  };
  const asArray = (v: unknown): string[] =>
    Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? v.split(',') : [];
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('workflow.panel.assignment')}
      </Divider>
      <Form.Item label={t('workflow.panel.assigneeKind')}>
        <Select<AssigneeKind>
          data-testid="wf-prop-assignee-kind"
          value={m.assigneeKind}
          onChange={(kind) =>
            set({
              assigneeKind: kind,
              assignee: kind === m.assigneeKind ? m.assignee : kind === 'expression' ? '${}' : undefined,
            })
          }
          options={[
            { value: 'none', label: t('workflow.panel.kindNone') },
            { value: 'user', label: t('workflow.panel.kindUser') },
            { value: 'initiator', label: t('workflow.panel.kindInitiator') },
            { value: 'deptLeader', label: t('workflow.panel.kindDeptLeader') },
            { value: 'expression', label: t('workflow.panel.kindExpression') },
          ]}
        />
      </Form.Item>
      {m.assigneeKind === 'user' && (
        <Form.Item label={t('workflow.panel.assignee')}>
          <UserField
            testId="wf-prop-assignee"
            value={m.assignee ? [m.assignee] : []}
            onChange={(ids) => set({ assignee: ids[0] })}
          />
        </Form.Item>
      )}
      {m.assigneeKind === 'expression' && (
        <Form.Item label={t('workflow.panel.expression')}>
          <ExpressionInput value={m.assignee ?? ''} onCommit={(v) => set({ assignee: v })} />
        </Form.Item>
      )}
      <Form.Item label={t('workflow.panel.candidateUsers')}>
        <UserField
          multiple
          testId="wf-prop-candidate-users"
          value={m.candidateUsers}
          onChange={(ids) => set({ candidateUsers: ids })}
        />
      </Form.Item>
      <Form.Item label={t('workflow.panel.candidateRoles')}>
        <RoleTreeSelect value={m.candidateRoles} onChange={(v) => set({ candidateRoles: asArray(v) })} />
      </Form.Item>
      <Form.Item label={t('workflow.panel.candidateDepts')}>
        <DeptTreeSelect multiple value={m.candidateDepts} onChange={(v) => set({ candidateDepts: asArray(v) })} />
      </Form.Item>
      <Form.Item label={t('workflow.panel.candidatePosts')}>
        <PostTreeSelect multiple value={m.candidatePosts} onChange={(v) => set({ candidatePosts: asArray(v) })} />
      </Form.Item>
      <Divider titlePlacement="start" plain>
        {t('workflow.panel.form')}
      </Divider>
      <FormKeyField bo={bo} update={update} />
      <Form.Item label={t('workflow.panel.buttons')}>
        <Checkbox.Group
          data-testid="wf-prop-buttons"
          value={m.buttons}
          onChange={(v) => set({ buttons: NODE_BUTTONS.filter((b) => (v as string[]).includes(b)) })}
          options={NODE_BUTTONS.map((b) => ({ value: b, label: t(`workflow.buttons.${b}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('workflow.panel.rollbackNode')} extra={t('workflow.panel.rollbackNodeTip')}>
        <Select
          allowClear
          options={backNodes.filter((n) => n.value !== bo.id)}
          value={m.rollbackNode}
          onChange={(v) => set({ rollbackNode: v || undefined })}
        />
      </Form.Item>
      <Divider titlePlacement="start" plain>
        {t('workflow.panel.multi')}
      </Divider>
      <Form.Item>
        <Radio.Group
          data-testid="wf-prop-multi"
          value={m.multi}
          onChange={(e) => set({ multi: e.target.value as MultiKind })}
          options={[
            { value: 'none', label: t('workflow.panel.multiNone') },
            { value: 'parallel', label: t('workflow.panel.multiParallel') },
            { value: 'sequential', label: t('workflow.panel.multiSequential') },
          ]}
        />
      </Form.Item>
      {m.multi !== 'none' && (
        <>
          <Form.Item label={t('workflow.panel.collection')} extra={t('workflow.panel.collectionTip')}>
            <Input value={m.collection ?? ''} onChange={(e) => set({ collection: e.target.value })} />
          </Form.Item>
          <Form.Item label={t('workflow.panel.elementVariable')}>
            <Input value={m.elementVariable ?? ''} onChange={(e) => set({ elementVariable: e.target.value })} />
          </Form.Item>
          <Form.Item label={t('workflow.panel.completionCondition')} extra={t('workflow.panel.completionTip')}>
            <Input value={m.completionCondition ?? ''} onChange={(e) => set({ completionCondition: e.target.value })} />
          </Form.Item>
        </>
      )}
    </>
  );
}

/** An expression edited as a draft and written on blur, always as `${…}` (so the assignee stays an expression). */
function ExpressionInput({ value, onCommit }: { value: string; onCommit(v: string): void }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    const v = draft
      .trim()
      .replace(/^\$\{|\}$/g, '')
      .trim();
    const next = `\${${v}}`;
    if (next !== value) onCommit(next);
    else setDraft(value);
  };
  return (
    <Input
      value={draft}
      data-testid="wf-prop-expression"
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}

function FlowSection({
  bo,
  moddle,
  modeling,
  registry,
}: {
  bo: ModdleElement;
  moddle: any;
  modeling: any;
  registry: any;
}) {
  const { t } = useTranslation();
  const source: ModdleElement | undefined = bo.sourceRef;
  const fromGateway = source?.$type === 'bpmn:ExclusiveGateway';
  const isDefault = fromGateway && source?.default?.id === bo.id;
  const [draft, setDraft] = useState(readCondition(bo) ?? '');
  useEffect(() => setDraft(readCondition(bo) ?? ''), [bo]);
  if (!fromGateway) return null;
  const flowEl = registry.get(bo.id);
  const gatewayEl = registry.get(source.id);
  return (
    <>
      <Form.Item>
        <Checkbox
          checked={isDefault}
          data-testid="wf-prop-default"
          onChange={(e) => {
            modeling.updateProperties(gatewayEl, { default: e.target.checked ? bo : undefined });
            if (e.target.checked) modeling.updateProperties(flowEl, { conditionExpression: undefined });
          }}
        >
          {t('workflow.panel.defaultFlow')}
        </Checkbox>
      </Form.Item>
      {!isDefault && (
        <Form.Item label={t('workflow.panel.condition')} extra={t('workflow.panel.conditionTip')}>
          <Input.TextArea
            rows={2}
            value={draft}
            data-testid="wf-prop-condition"
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => modeling.updateProperties(flowEl, conditionUpdates(draft, moddle))}
          />
        </Form.Item>
      )}
    </>
  );
}

/** A text attribute edited as a draft and written on blur (one undo step per edit). */
function DraftInput({
  value,
  onCommit,
  testId,
  area,
}: {
  value: string;
  onCommit(v: string | undefined): void;
  testId?: string;
  area?: boolean;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => draft !== value && onCommit(draft.trim() ? draft.trim() : undefined);
  return area ? (
    <Input.TextArea
      rows={3}
      value={draft}
      data-testid={testId}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
    />
  ) : (
    <Input value={draft} data-testid={testId} onChange={(e) => setDraft(e.target.value)} onBlur={commit} />
  );
}

/** A timer: duration or date (boundary and intermediate), interrupting or not (boundary only). */
function TimerSection({
  bo,
  moddle,
  modeling,
  target,
}: {
  bo: ModdleElement;
  moddle: any;
  modeling: any;
  target: any;
}) {
  const { t } = useTranslation();
  const def: ModdleElement | undefined = (bo.eventDefinitions ?? []).find(
    (d: ModdleElement) => d.$type === 'bpmn:TimerEventDefinition',
  );
  const [kind, setKind] = useState<'duration' | 'date'>(def?.timeDate ? 'date' : 'duration');
  if (!def)
    return <Alert type="warning" showIcon message={t('workflow.validate.boundary', { name: bo.name ?? bo.id })} />;
  const expr = (v: string | undefined) => (v ? moddle.create('bpmn:FormalExpression', { body: v }) : undefined);
  const boundary = bo.$type === 'bpmn:BoundaryEvent';
  return (
    <>
      <Form.Item label={t('workflow.panel.timeKind')}>
        <Radio.Group
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          options={[
            { value: 'duration', label: t('workflow.panel.timeKindDuration') },
            { value: 'date', label: t('workflow.panel.timeKindDate') },
          ]}
        />
      </Form.Item>
      {kind === 'duration' ? (
        <Form.Item label={t('workflow.panel.timeDuration')} extra={t('workflow.panel.timeDurationTip')}>
          <DraftInput
            testId="wf-prop-duration"
            value={def.timeDuration?.body ?? ''}
            onCommit={(v) =>
              modeling.updateModdleProperties(target, def, {
                timeDuration: expr(v),
                timeDate: undefined,
                timeCycle: undefined,
              })
            }
          />
        </Form.Item>
      ) : (
        <Form.Item label={t('workflow.panel.timeDate')} extra={t('workflow.panel.timeDateTip')}>
          <DraftInput
            testId="wf-prop-date"
            value={def.timeDate?.body ?? ''}
            onCommit={(v) =>
              modeling.updateModdleProperties(target, def, {
                timeDate: expr(v),
                timeDuration: undefined,
                timeCycle: undefined,
              })
            }
          />
        </Form.Item>
      )}
      {boundary && (
        <Checkbox
          data-testid="wf-prop-interrupting"
          checked={bo.cancelActivity !== false}
          onChange={(e) => modeling.updateProperties(target, { cancelActivity: e.target.checked })}
        >
          {t('workflow.panel.interrupting')}
        </Checkbox>
      )}
    </>
  );
}

/** A message catch event: the message's name (a bpmn:Message of the definitions, made or reused by name). */
function MessageSection({
  bo,
  moddle,
  modeling,
  target,
}: {
  bo: ModdleElement;
  moddle: any;
  modeling: any;
  target: any;
}) {
  const { t } = useTranslation();
  const def: ModdleElement = (bo.eventDefinitions ?? [])[0];
  const commit = (name: string | undefined) => {
    let defs: any = bo;
    while (defs && defs.$type !== 'bpmn:Definitions') defs = defs.$parent;
    if (!defs) return;
    if (!name) {
      modeling.updateModdleProperties(target, def, { messageRef: undefined });
      return;
    }
    let msg = (defs.rootElements ?? []).find((r: any) => r.$type === 'bpmn:Message' && r.name === name);
    if (!msg) {
      msg = moddle.create('bpmn:Message', { id: `Message_${Math.random().toString(36).slice(2, 9)}`, name });
      msg.$parent = defs;
      modeling.updateModdleProperties(target, defs, { rootElements: [...(defs.rootElements ?? []), msg] });
    }
    modeling.updateModdleProperties(target, def, { messageRef: msg });
  };
  return (
    <Form.Item label={t('workflow.panel.messageName')} extra={t('workflow.panel.messageNameTip')}>
      <DraftInput testId="wf-prop-message" value={def?.messageRef?.name ?? ''} onCommit={commit} />
    </Form.Item>
  );
}

/** A service task: HTTP call through the outbound wall, a site message, or a variable (flowable:type). */
function ServiceSection({ bo, update }: { bo: ModdleElement; update: Update }) {
  const { t } = useTranslation();
  const kind = bo.get('flowable:type') as string | undefined;
  const text = (attr: string, label: string, extra?: string, area?: boolean) => (
    <Form.Item label={t(`workflow.panel.${label}`)} extra={extra ? t(`workflow.panel.${extra}`) : undefined}>
      <DraftInput
        area={area}
        testId={`wf-prop-${attr}`}
        value={(bo.get(`flowable:${attr}`) as string) ?? ''}
        onCommit={(v) => update({ [`flowable:${attr}`]: v })}
      />
    </Form.Item>
  );
  return (
    <>
      <Form.Item label={t('workflow.panel.serviceType')} required>
        <Select
          aria-label={t('workflow.panel.serviceType')}
          data-testid="wf-prop-service-type"
          value={kind}
          onChange={(v) => update({ 'flowable:type': v })}
          options={[
            { value: 'http', label: t('workflow.panel.serviceHttp') },
            { value: 'message', label: t('workflow.panel.serviceMessage') },
            { value: 'setVariable', label: t('workflow.panel.serviceSetVariable') },
          ]}
        />
      </Form.Item>
      {kind === 'http' && (
        <>
          {text('url', 'url', 'urlTip')}
          <Form.Item label={t('workflow.panel.method')}>
            <Select
              aria-label={t('workflow.panel.method')}
              value={(bo.get('flowable:method') as string) || 'POST'}
              onChange={(v) => update({ 'flowable:method': v })}
              options={['GET', 'POST', 'PUT'].map((m) => ({ value: m, label: m }))}
            />
          </Form.Item>
          {text('body', 'body', undefined, true)}
          {text('resultVariable', 'resultVariable')}
        </>
      )}
      {kind === 'message' && (
        <>
          {text('messageTo', 'messageTo')}
          {text('messageTitle', 'messageTitle')}
          {text('messageContent', 'messageContent', undefined, true)}
        </>
      )}
      {kind === 'setVariable' && (
        <>
          {text('variableName', 'variableName')}
          {text('variableValue', 'variableValue')}
        </>
      )}
    </>
  );
}
