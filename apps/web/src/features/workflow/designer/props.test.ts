import { BpmnModdle } from 'bpmn-moddle';
import { describe, expect, it } from 'vitest';
import { flowableDescriptor } from './flowable';
import { BPMN_ZH, newDiagramXml, translateModule } from './modules';
import {
  applyUpdates,
  conditionUpdates,
  INITIATOR_EXPR,
  type ModdleElement,
  parseGroups,
  readCondition,
  readTask,
  type TaskModel,
  taskUpdates,
} from './props';
import { hasErrors, validateDefinitions } from './validate';

const moddle = () => new BpmnModdle({ flowable: flowableDescriptor } as any);

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="x">
  <bpmn:process id="leave" name="请假" isExecutable="true">
    <bpmn:startEvent id="start" flowable:initiator="applyUser"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="apply" name="提交申请" flowable:assignee="\${applyUser}"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:userTask>
    <bpmn:exclusiveGateway id="gw" default="f4"><bpmn:incoming>f2</bpmn:incoming><bpmn:outgoing>f3</bpmn:outgoing><bpmn:outgoing>f4</bpmn:outgoing></bpmn:exclusiveGateway>
    <bpmn:userTask id="boss" name="经理审批" flowable:candidateGroups="role:1,dept:2,post:3" flowable:candidateUsers="7,8" flowable:buttons="wf_pass,wf_reject,wf_transfer"><bpmn:incoming>f3</bpmn:incoming><bpmn:outgoing>f5</bpmn:outgoing></bpmn:userTask>
    <bpmn:userTask id="sign" name="会签" flowable:assignee="\${user}"><bpmn:incoming>f4</bpmn:incoming><bpmn:outgoing>f6</bpmn:outgoing>
      <bpmn:multiInstanceLoopCharacteristics isSequential="false" flowable:collection="signers" flowable:elementVariable="user"><bpmn:completionCondition xsi:type="bpmn:tFormalExpression">\${nrOfCompletedInstances/nrOfInstances >= 0.5}</bpmn:completionCondition></bpmn:multiInstanceLoopCharacteristics>
    </bpmn:userTask>
    <bpmn:endEvent id="end"><bpmn:incoming>f5</bpmn:incoming><bpmn:incoming>f6</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="apply" />
    <bpmn:sequenceFlow id="f2" sourceRef="apply" targetRef="gw" />
    <bpmn:sequenceFlow id="f3" sourceRef="gw" targetRef="boss"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${days &gt; 3}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f4" sourceRef="gw" targetRef="sign" />
    <bpmn:sequenceFlow id="f5" sourceRef="boss" targetRef="end" />
    <bpmn:sequenceFlow id="f6" sourceRef="sign" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`;

async function load(xml = XML) {
  const m = moddle();
  const { rootElement, warnings } = await m.fromXML(xml);
  const proc = (rootElement as any).rootElements[0];
  const el = (id: string) => proc.flowElements.find((e: any) => e.id === id) as ModdleElement;
  return { m, root: rootElement as unknown as ModdleElement, el, warnings };
}

describe('properties panel ↔ flowable attributes', () => {
  it('reads assignee, candidates, buttons and multi-instance from the XML', async () => {
    const { el } = await load();
    expect(readTask(el('apply'))).toMatchObject({ assigneeKind: 'initiator', assignee: INITIATOR_EXPR });
    expect(readTask(el('boss'))).toMatchObject({
      assigneeKind: 'none',
      candidateUsers: ['7', '8'],
      candidateRoles: ['1'],
      candidateDepts: ['2'],
      candidatePosts: ['3'],
      buttons: ['wf_pass', 'wf_reject', 'wf_transfer'],
      multi: 'none',
    });
    expect(readTask(el('sign'))).toMatchObject({
      assigneeKind: 'expression',
      multi: 'parallel',
      collection: 'signers',
      elementVariable: 'user',
      completionCondition: '${nrOfCompletedInstances/nrOfInstances >= 0.5}',
    });
    expect(readCondition(el('f3'))).toBe('${days > 3}');
  });

  it('writes the panel model back as attributes that survive an XML round trip', async () => {
    const { m, root, el } = await load();
    const model: TaskModel = {
      ...readTask(el('boss')),
      name: '部门审批',
      assigneeKind: 'user',
      assignee: '1123598821738675201',
      candidateUsers: [],
      candidateRoles: ['9'],
      candidateDepts: [],
      candidatePosts: ['4', '5'],
      formKey: 'leaveForm',
      buttons: ['wf_pass', 'wf_rollback'],
      rollbackNode: 'apply',
      multi: 'sequential',
      collection: 'reviewers',
      elementVariable: 'reviewer',
      completionCondition: '${nrOfCompletedInstances == nrOfInstances}',
    };
    applyUpdates(el('boss'), taskUpdates(model, m as any));
    applyUpdates(el('f4'), conditionUpdates('days <= 3', m as any));
    const { xml } = await m.toXML(root as any);
    expect(xml).toContain('flowable:assignee="1123598821738675201"');
    expect(xml).toContain('flowable:candidateGroups="role:9,post:4,post:5"');
    expect(xml).not.toContain('flowable:candidateUsers="7,8"');
    expect(xml).toContain('flowable:formKey="leaveForm"');
    expect(xml).toContain('flowable:buttons="wf_pass,wf_rollback"');
    expect(xml).toContain('flowable:rollbackNode="apply"');
    expect(xml).toMatch(/multiInstanceLoopCharacteristics isSequential="true" flowable:collection="reviewers"/);
    expect(xml).toContain('${days &lt;= 3}');
    const again = await load(xml);
    const back = readTask(again.el('boss'));
    expect(back).toEqual({ ...model, dueDate: undefined });
    expect(readCondition(again.el('f4'))).toBe('${days <= 3}');
  });

  it('clears attributes and multi-instance when the panel empties them', async () => {
    const { m, root, el } = await load();
    applyUpdates(
      el('sign'),
      taskUpdates({ ...readTask(el('sign')), assigneeKind: 'none', multi: 'none', candidateUsers: ['3'] }, m as any),
    );
    const { xml } = await m.toXML(root as any);
    expect(xml).not.toContain('multiInstanceLoopCharacteristics');
    expect(xml).not.toContain('flowable:assignee="${user}"');
    expect(xml).toContain('flowable:candidateUsers="3"');
  });

  it('knows the starter and the starter department head presets', async () => {
    const { m, el } = await load();
    const task = el('boss');
    applyUpdates(task, taskUpdates({ ...readTask(task), assigneeKind: 'deptLeader' }, m as any));
    expect(task.get('flowable:assignee')).toBe('${starterDeptLeader}');
    expect(readTask(task).assigneeKind).toBe('deptLeader');
    applyUpdates(task, taskUpdates({ ...readTask(task), assigneeKind: 'initiator' }, m as any));
    expect(task.get('flowable:assignee')).toBe('${applyUser}');
  });

  it('parses candidate groups, bare groups counting as roles', () => {
    expect(parseGroups('role:1, dept:2,post:3,admin')).toEqual({ roles: ['1', 'admin'], depts: ['2'], posts: ['3'] });
    expect(parseGroups(undefined)).toEqual({ roles: [], depts: [], posts: [] });
  });
});

describe('validation before deploy', () => {
  it('accepts a complete process', async () => {
    const { root } = await load();
    expect(validateDefinitions(root).filter((i) => i.level === 'error')).toEqual([]);
  });

  it('names what is missing', async () => {
    const broken = XML.replace(' flowable:assignee="${applyUser}"', ' flowable:assignee="${ }"')
      .replace(
        '<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${days &gt; 3}</bpmn:conditionExpression>',
        '',
      )
      .replace(' default="f4"', '')
      .replace(' flowable:collection="signers"', '')
      .replace('name="请假" ', '');
    const { root } = await load(broken);
    const issues = validateDefinitions(root);
    expect(hasErrors(issues)).toBe(true);
    const codes = issues.map((i) => `${i.code}:${i.elementId}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        'processName:leave',
        'noAssignee:apply',
        'condition:f3',
        'condition:f4',
        'miCollection:sign',
      ]),
    );
  });

  it('refuses elements outside the subset and a process without start or end', async () => {
    const { root } = await load(
      newDiagramXml('p1', '新流程').replace(
        '<bpmn:startEvent id="start" flowable:initiator="applyUser" />',
        '<bpmn:inclusiveGateway id="ig" />',
      ),
    );
    const codes = validateDefinitions(root).map((i) => i.code);
    expect(codes).toEqual(expect.arrayContaining(['noStart', 'noEnd', 'unsupported']));
    const bad = await load(newDiagramXml('p2', 'x'));
    (bad.root as any).rootElements[0].id = '1 bad';
    expect(validateDefinitions(bad.root).map((i) => i.code)).toContain('processKey');
  });
});

describe('designer translations', () => {
  it('translates the palette in zh and keeps en, with replacements', () => {
    const zh = translateModule('zh').translate[1] as (t: string, r?: Record<string, string>) => string;
    const en = translateModule('en').translate[1] as (t: string, r?: Record<string, string>) => string;
    expect(zh('Create start event')).toBe(BPMN_ZH['Create start event']);
    expect(en('Create start event')).toBe('Create start event');
    expect(zh('Open {element}', { element: 'A' })).toBe('Open A');
  });
});
