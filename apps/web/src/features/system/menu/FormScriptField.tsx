/**
 * The menu's form script (lib/formScript.ts): which hooks it defines, and the custom-script editor dialog to
 * write it. The script is kept in the menu's propertyJson under `formScript`.
 */
import { CodeOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScriptEditorDialog, scriptHooks } from '../../../components/widgets';

export function FormScriptField({
  value,
  onChange,
  disabled,
  id,
}: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  disabled?: boolean;
  id?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const hooks = value?.trim() ? scriptHooks(value) : [];
  return (
    <Space id={id} wrap data-testid="form-script-field">
      {value?.trim() ? (
        hooks.length ? (
          hooks.map((h) => <Tag key={h}>{h}</Tag>)
        ) : (
          <Typography.Text type="warning">{t('menuMgr.formScriptNoHooks')}</Typography.Text>
        )
      ) : (
        <Typography.Text type="secondary">{t('menuMgr.formScriptNone')}</Typography.Text>
      )}
      <Button size="small" icon={<CodeOutlined />} onClick={() => setOpen(true)}>
        {t(disabled ? 'menuMgr.formScriptView' : 'menuMgr.formScriptEdit')}
      </Button>
      <ScriptEditorDialog
        open={open}
        value={value ?? ''}
        onCancel={() => setOpen(false)}
        onConfirm={(s) => {
          if (!disabled) onChange?.(s.trim() ? s : undefined);
          setOpen(false);
        }}
      />
    </Space>
  );
}
