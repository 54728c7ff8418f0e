/** A sequence flow's properties: condition and default flow. */
import { Checkbox, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { conditionUpdates, type ModdleElement, readCondition } from '../props';

export function FlowSection({
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
