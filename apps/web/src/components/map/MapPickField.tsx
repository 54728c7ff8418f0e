/**
 * A form field whose value is picked on the map in a dialog and kept as a JSON string (the address point, the
 * equipment): the value's text, read-only, and a button that opens the dialog; the dialog's OK stores its choice
 * as JSON and closes it.
 */
import { Button, Input, Space } from 'antd';
import { type ReactNode, useState } from 'react';

/** The field's value read back: the object its JSON string holds when that has `key`, else null. */
export function parsePickedValue<V>(v: string | undefined | null, key: string): V | null {
  if (!v) return null;
  try {
    const o = JSON.parse(v);
    return o && typeof o === 'object' && key in o ? (o as V) : null;
  } catch {
    return null;
  }
}

export function MapPickField<V>({
  id,
  text,
  placeholder,
  pickLabel,
  testId,
  disabled,
  onChange,
  dialog,
}: {
  id?: string;
  /** the current value as text */
  text: string;
  /** translated texts of the empty field and of the button */
  placeholder: string;
  pickLabel: string;
  /** test id of the button */
  testId: string;
  disabled?: boolean;
  onChange?: (v: string) => void;
  /** the picking dialog, given whether it is open and its two ways out */
  dialog: (p: { open: boolean; onCancel: () => void; onOk: (picked: V) => void }) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input id={id} readOnly value={text} placeholder={placeholder} />
      <Button onClick={() => setOpen(true)} disabled={disabled} data-testid={testId}>
        {pickLabel}
      </Button>
      {dialog({
        open,
        onCancel: () => setOpen(false),
        onOk: (picked) => {
          onChange?.(JSON.stringify(picked));
          setOpen(false);
        },
      })}
    </Space.Compact>
  );
}
