/** The panel's labelled row, and the number, switch and text rows many keys share. */
import type { LcField } from '@swp/contract';
import { Form, Input, InputNumber, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Patch, setTop } from './patch';

export const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <Form.Item label={label} style={{ marginBottom: 10 }}>
    {children}
  </Form.Item>
);

/** A property kept at the field's top level (`k`), labelled by the i18n key `label`. */
interface TopRowProps {
  field: LcField;
  k: string;
  label: string;
  onChange(p: Patch): void;
}

/** A number property at the top level. */
export function NumberRow({ field: f, k, label, onChange }: TopRowProps) {
  const { t } = useTranslation();
  return (
    <Row label={t(label)}>
      <InputNumber
        aria-label={t(label)}
        value={(f[k] as number | undefined) ?? null}
        onChange={(v) => onChange(setTop(k, v ?? undefined))}
        style={{ width: '100%' }}
      />
    </Row>
  );
}

/** A yes/no property at the top level. */
export function SwitchRow({ field: f, k, label, onChange }: TopRowProps) {
  const { t } = useTranslation();
  return (
    <Row label={t(label)}>
      <Switch checked={!!f[k]} onChange={(v) => onChange(setTop(k, v))} />
    </Row>
  );
}

/** A text property at the top level (empty when unset). */
export function TextRow({ field: f, k, label, onChange }: TopRowProps) {
  const { t } = useTranslation();
  return (
    <Row label={t(label)}>
      <Input value={(f[k] as string | undefined) ?? ''} onChange={(e) => onChange(setTop(k, e.target.value))} />
    </Row>
  );
}
