/**
 * A process form: the workflow form row's `content` is a low-code form schema (JNPF `formConf`), shown by the one
 * shared renderer (`components/form-render`), editable on the start screen and read-only in the task detail.
 */
import { Empty } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRender, type FormRenderHandle, type FormValues } from '../../../components/form-render';

/** The schema of a form reply: the row's `content` (object or JSON text), or the reply itself when it is one. */
export function formConfOf(form: unknown): unknown {
  if (!form) return null;
  if (typeof form === 'string') return form.trim() ? form : null;
  const f = form as Record<string, unknown>;
  if (f.content !== undefined) return f.content || null;
  if (Array.isArray(f.fields)) return f;
  return null;
}

export function ProcessForm(p: {
  form: unknown;
  values?: FormValues;
  onChange?(values: FormValues): void;
  disabled?: boolean;
  handleRef?: Ref<FormRenderHandle | null>;
}) {
  const { t } = useTranslation();
  const conf = formConfOf(p.form);
  if (!conf) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflow.detail.noForm')} />;
  return (
    <FormRender
      conf={conf as any}
      value={p.values}
      onChange={p.onChange}
      disabled={p.disabled}
      handleRef={p.handleRef}
      testId="wf-form"
    />
  );
}
