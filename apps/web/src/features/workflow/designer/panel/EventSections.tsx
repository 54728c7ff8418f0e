/** Properties of timer and message events and of service tasks. */
import { Alert, Checkbox, Form, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModdleElement } from '../props';
import { DraftInput, type Update } from './inputs';

/** What an event's section edits: the business object, and the modeler's moddle and modeling on the shape. */
type EventProps = { bo: ModdleElement; moddle: any; modeling: any; target: any };

/** The two ways a timer is set: its property (the other one is cleared), label, tip and test id. */
const TIME_KINDS = {
  duration: {
    prop: 'timeDuration',
    other: 'timeDate',
    label: 'workflow.panel.timeDuration',
    tip: 'workflow.panel.timeDurationTip',
    testId: 'wf-prop-duration',
  },
  date: {
    prop: 'timeDate',
    other: 'timeDuration',
    label: 'workflow.panel.timeDate',
    tip: 'workflow.panel.timeDateTip',
    testId: 'wf-prop-date',
  },
} as const;

/** A timer: duration or date (boundary and intermediate), interrupting or not (boundary only). */
export function TimerSection({ bo, moddle, modeling, target }: EventProps) {
  const { t } = useTranslation();
  const def: ModdleElement | undefined = (bo.eventDefinitions ?? []).find(
    (d: ModdleElement) => d.$type === 'bpmn:TimerEventDefinition',
  );
  const [kind, setKind] = useState<'duration' | 'date'>(def?.timeDate ? 'date' : 'duration');
  if (!def)
    return <Alert type="warning" showIcon message={t('workflow.validate.boundary', { name: bo.name ?? bo.id })} />;
  const expr = (v: string | undefined) => (v ? moddle.create('bpmn:FormalExpression', { body: v }) : undefined);
  const boundary = bo.$type === 'bpmn:BoundaryEvent';
  const time = TIME_KINDS[kind];
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
      <Form.Item label={t(time.label)} extra={t(time.tip)}>
        <DraftInput
          testId={time.testId}
          value={def[time.prop]?.body ?? ''}
          onCommit={(v) =>
            modeling.updateModdleProperties(target, def, {
              [time.prop]: expr(v),
              [time.other]: undefined,
              timeCycle: undefined,
            })
          }
        />
      </Form.Item>
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
export function MessageSection({ bo, moddle, modeling, target }: EventProps) {
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
export function ServiceSection({ bo, update }: { bo: ModdleElement; update: Update }) {
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
