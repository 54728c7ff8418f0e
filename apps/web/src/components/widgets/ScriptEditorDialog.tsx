/**
 * Custom-script editor dialog (spec 1 §2.12, spec 2 §2): 1200 wide; insert the default script, clear, confirm.
 * The default template has the four hooks beforeMount, afterMount, beforeSubmit, afterSubmit.
 */
import { Button, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const SCRIPT_DIALOG_WIDTH = 1200;
export const SCRIPT_HOOKS = ['beforeMount', 'afterMount', 'beforeSubmit', 'afterSubmit'] as const;

export const DEFAULT_SCRIPT = `({
  // before the form mounts: data is the form model
  beforeMount(data) {
  },
  // after the form has mounted
  afterMount(data) {
  },
  // before submit: return false to stop the submit
  beforeSubmit(data) {
    return true;
  },
  // after a successful submit
  afterSubmit(data) {
  },
})
`;

/** The hooks a script defines (by name, as written). */
export function scriptHooks(script: string): string[] {
  return SCRIPT_HOOKS.filter((h) => new RegExp(`\\b${h}\\s*\\(`).test(script));
}

export interface ScriptEditorDialogProps {
  open: boolean;
  value?: string;
  title?: string;
  onConfirm(script: string): void;
  onCancel(): void;
}

export function ScriptEditorDialog({ open, value, title, onConfirm, onCancel }: ScriptEditorDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  useEffect(() => {
    if (open) setText(value ?? '');
  }, [open, value]);
  return (
    <Modal
      open={open}
      width={SCRIPT_DIALOG_WIDTH}
      title={title ?? t('widget.script.title')}
      maskClosable={false}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <Space>
          <Button
            onClick={() => setText((s) => (s.trim() ? `${s.replace(/\s*$/, '\n')}${DEFAULT_SCRIPT}` : DEFAULT_SCRIPT))}
          >
            {t('widget.script.insert')}
          </Button>
          <Button onClick={() => setText('')}>{t('widget.script.clear')}</Button>
          <Button onClick={onCancel}>{t('widget.cancel')}</Button>
          <Button type="primary" onClick={() => onConfirm(text)}>
            {t('widget.ok')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('widget.script.hint')}</Typography.Paragraph>
      <Input.TextArea
        aria-label={t('widget.script.title')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={22}
        spellCheck={false}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
      />
    </Modal>
  );
}
