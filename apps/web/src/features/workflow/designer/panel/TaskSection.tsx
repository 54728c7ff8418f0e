/** A user task's properties: assignment, candidates, form, node buttons, reject-to node and multi-instance. */
import type { Page } from '@swp/contract';
import { Checkbox, Divider, Form, Input, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Row, rowsOf } from '../../../../api/crud';
import { http } from '../../../../api/http';
import { roleApi } from '../../../../api/system';
import { DeptTreeSelect, PostTreeSelect, TreeSelectField } from '../../../../components/widgets';
import { toTreeOptions } from '../../../../components/widgets/treeUtils';
import {
  type AssigneeKind,
  type ModdleElement,
  type MultiKind,
  NODE_BUTTONS,
  readTask,
  type TaskModel,
  taskUpdates,
} from '../props';
import { UserField } from '../UserField';
import { ExpressionInput, type Update } from './inputs';

export function useForms() {
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

export function FormKeyField({ bo, update }: { bo: ModdleElement; update: Update }) {
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

export function RoleTreeSelect(p: { value: string[]; onChange(v: string[]): void }) {
  return (
    <TreeSelectField
      multiple
      value={p.value}
      onChange={p.onChange}
      load={async () => toTreeOptions(await roleApi.tree())}
    />
  );
}

/** The task model as read from the diagram, and the setter that writes a patch of it back. */
type TaskRowsProps = { m: TaskModel; set(patch: Partial<TaskModel>): void };

const asArray = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? v.split(',') : [];

/** The assignee (none, a user, the initiator, the department leader or an expression) and the candidates. */
function AssignmentRows({ m, set }: TaskRowsProps) {
  const { t } = useTranslation();
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
    </>
  );
}

/** The task form, its node buttons and the node a rejection returns to. */
function FormRows({
  bo,
  update,
  backNodes,
  m,
  set,
}: TaskRowsProps & { bo: ModdleElement; update: Update; backNodes: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

/** Multi-instance: none, parallel or sequential, with its collection, element variable and completion condition. */
function MultiInstanceRows({ m, set }: TaskRowsProps) {
  const { t } = useTranslation();
  return (
    <>
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

export function TaskSection({
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
  return (
    <>
      <AssignmentRows m={m} set={set} />
      <FormRows bo={bo} update={update} backNodes={backNodes} m={m} set={set} />
      <MultiInstanceRows m={m} set={set} />
    </>
  );
}
