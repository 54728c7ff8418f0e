/**
 * The settings form of an import dialog, inline: first the file to import (ImportFilePicker), then the dialog's own
 * fields. Any change of a value calls onChange (the dialog then wants a new dry run).
 */
import { Form, type FormInstance } from 'antd';
import type { ComponentProps, ReactNode } from 'react';
import { ImportFilePicker } from './ImportFilePicker';

/** What an import dialog hands its settings form (network, series): the form, the picked file and the callbacks. */
export interface ImportSettingsProps<T> {
  form: FormInstance<T>;
  file: File | null;
  onPick: (f: File) => void;
  onRemove: () => void;
  /** a value changed: the dialog then wants a new dry run */
  onChange: () => void;
}

export function ImportSettingsForm<T>({
  form,
  file,
  onPick,
  onRemove,
  onChange,
  initialValues,
  fileLabel,
  picker,
  children,
}: ImportSettingsProps<T> & {
  initialValues: Partial<T>;
  /** translated label of the file's item */
  fileLabel: string;
  /** what the picker accepts, its translated label and test id */
  picker: Omit<ComponentProps<typeof ImportFilePicker>, 'file' | 'onPick' | 'onRemove'>;
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
        <ImportFilePicker {...picker} file={file} onPick={onPick} onRemove={onRemove} />
      </Form.Item>
      {children}
    </Form>
  );
}
