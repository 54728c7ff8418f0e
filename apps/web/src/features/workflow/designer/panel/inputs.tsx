/** Inputs of the workflow properties panel that write on blur: ids, names, expressions and text attributes. */
import { Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModdleElement } from '../props';

export const NCNAME = /^[A-Za-z_][\w.-]*$/;

export type Update = (props: Record<string, unknown>) => void;

/** An id edited as a draft: committed on blur when valid and unused. */
export function IdInput({
  bo,
  update,
  registry,
  label,
}: {
  bo: ModdleElement;
  update: Update;
  registry: any;
  label: string;
}) {
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

export function IdName({ bo, update, registry }: { bo: ModdleElement; update: Update; registry: any }) {
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

/** An expression edited as a draft and written on blur, always as `${…}` (so the assignee stays an expression). */
export function ExpressionInput({ value, onCommit }: { value: string; onCommit(v: string): void }) {
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

/** A text attribute edited as a draft and written on blur (one undo step per edit). */
export function DraftInput({
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
