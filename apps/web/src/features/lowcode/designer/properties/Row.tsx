/** The panel's labelled row, and the number row many keys share. */
import type { LcField } from '@swp/contract';
import { Form, InputNumber } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Patch, setTop } from './patch';

export const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <Form.Item label={label} style={{ marginBottom: 10 }}>
    {children}
  </Form.Item>
);

/** A number property kept at the field's top level (`k`), labelled by the i18n key `label`. */
export function NumberRow({
  field: f,
  k,
  label,
  onChange,
}: {
  field: LcField;
  k: string;
  label: string;
  onChange(p: Patch): void;
}) {
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
