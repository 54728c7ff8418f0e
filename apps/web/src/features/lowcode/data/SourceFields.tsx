/**
 * Controls of the data-connection dialog: the database type (its default port follows the type unless a port of
 * one's own was typed), the password (kept when left empty; off while the stored one is being cleared) and the
 * clear-password choice.
 */
import { Checkbox, Form, type FormInstance, Input, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { DB_TYPES, portAfterTypeChange } from '../../../lib/dataSources';

interface ControlProps<V> {
  id?: string;
  value?: V;
  onChange?: (v: V) => void;
  disabled?: boolean;
}

export function DbTypeSelect({ form, value, onChange, ...rest }: ControlProps<string> & { form: FormInstance }) {
  const { t } = useTranslation();
  return (
    <Select
      {...rest}
      value={value}
      placeholder={t('lowcode.ds.dbTypeRequired')}
      options={DB_TYPES.map((d) => ({ value: d.value, label: d.label }))}
      onChange={(next: string) => {
        form.setFieldValue('port', portAfterTypeChange(value, next, form.getFieldValue('port')));
        onChange?.(next);
      }}
    />
  );
}

export function PasswordField({
  form,
  row,
  value,
  onChange,
  ...rest
}: ControlProps<string> & { form: FormInstance; row?: Row }) {
  const { t } = useTranslation();
  const clearing = !!Form.useWatch('clearPassword', form);
  const kept = !!row?.id && !!row?.hasPassword;
  return (
    <Input.Password
      {...rest}
      value={clearing ? '' : value}
      disabled={rest.disabled || clearing}
      onChange={(e) => onChange?.(e.target.value)}
      autoComplete="new-password"
      placeholder={kept ? t('lowcode.ds.passwordKept') : t('crud.pleaseInput', { label: t('lowcode.ds.password') })}
    />
  );
}

export function ClearPasswordBox({ row, value, onChange, ...rest }: ControlProps<boolean> & { row?: Row }) {
  const { t } = useTranslation();
  if (!row?.hasPassword) return <Typography.Text type="secondary">{t('lowcode.ds.noPassword')}</Typography.Text>;
  return (
    <Checkbox {...rest} checked={!!value} onChange={(e) => onChange?.(e.target.checked)}>
      {t('lowcode.ds.clearPasswordBox')}
    </Checkbox>
  );
}

/** 启用 / 停用 of a connection in the list. */
export function StatusTag({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return on ? <Tag color="green">{t('lowcode.ds.enabled')}</Tag> : <Tag>{t('lowcode.ds.disabled')}</Tag>;
}
