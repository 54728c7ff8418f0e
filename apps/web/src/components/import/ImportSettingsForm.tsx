/**
 * The settings form of an import dialog, inline: first the file to import (ImportFilePicker), then the dialog's own
 * fields. Any change of a value calls onChange (the dialog then wants a new dry run).
 */
import { Form, type FormInstance } from 'antd';
import type { ComponentProps, ReactNode } from 'react';
import { ImportFilePicker } from './ImportFilePicker';

export function ImportSettingsForm<T>({
  form,
  initialValues,
  onChange,
  fileLabel,
  picker,
  children,
}: {
  form: FormInstance<T>;
  initialValues: Partial<T>;
  onChange: () => void;
  /** translated label of the file's item */
  fileLabel: string;
  picker: ComponentProps<typeof ImportFilePicker>;
  children: ReactNode;
}) {
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={initialValues}
      onValuesChange={onChange}
      style={{ rowGap: 12, marginBottom: 12 }}
    >
      <Form.Item label={fileLabel} required>
        <ImportFilePicker {...picker} />
      </Form.Item>
      {children}
    </Form>
  );
}
