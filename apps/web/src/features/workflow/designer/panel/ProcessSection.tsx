/** The process's own properties: key, name and the node a rejection returns to. */
import { Checkbox, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ModdleElement } from '../props';
import { IdInput, type Update } from './inputs';

export function ProcessSection({
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
