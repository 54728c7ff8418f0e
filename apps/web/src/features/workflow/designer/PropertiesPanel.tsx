/**
 * The designer's properties panel (our own React + antd, no bpmn-js-properties-panel): the process (key, name,
 * reject-to node), a user task (assignee, candidates through the user, role, department and post pickers, form,
 * node buttons, reject-to node, multi-instance), a sequence flow (condition, default flow), a timer boundary event
 * (duration) and the name of any other element. Every change is a `modeling.updateProperties` (undoable).
 */

import { Checkbox, Form, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageSection, ServiceSection, TimerSection } from './panel/EventSections';
import { FlowSection } from './panel/FlowSection';
import { IdName } from './panel/inputs';
import { ProcessSection } from './panel/ProcessSection';
import { FormKeyField, TaskSection } from './panel/TaskSection';
import type { ModdleElement } from './props';

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
