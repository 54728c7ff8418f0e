/**
 * Controls of the 数据源管理 dialog: the driver class (`selectDbType`; a change checks the url again), the JDBC url
 * (its example follows the driver class) and the password (never shown back: a stored one is announced by the
 * placeholder, and left empty it stays).
 */
import { Form, type FormInstance, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { bladeDatasourceApi } from '../../api/lowcode';
import { useLoad } from '../../lib/useLoad';
import { driverOptions, urlExample } from './datasources';

interface ControlProps {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  disabled?: boolean;
}

export const loadDrivers = async () => driverOptions(await bladeDatasourceApi.dbTypes());

export function DriverSelect({ form, value, onChange, ...rest }: ControlProps & { form: FormInstance }) {
  const { t } = useTranslation();
  const { data, loading } = useLoad(loadDrivers, 'drivers');
  return (
    <Select
      {...rest}
      value={value}
      loading={loading}
      options={(data ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
      placeholder={t('develop.ds.driverClassRequired')}
      onChange={(next: string) => {
        onChange?.(next);
        if (form.getFieldValue('url')) setTimeout(() => void form.validateFields(['url']).catch(() => {}), 0);
      }}
    />
  );
}

export function UrlInput({ form, value, onChange, ...rest }: ControlProps & { form: FormInstance }) {
  const driver = Form.useWatch('driverClass', form);
  return (
    <Input {...rest} value={value} onChange={(e) => onChange?.(e.target.value)} placeholder={urlExample(driver)} />
  );
}

export function PasswordInput({ row, value, onChange, ...rest }: ControlProps & { row?: Row }) {
  const { t } = useTranslation();
  const kept = !!row?.id && !!row?.hasPassword;
  return (
    <Input.Password
      {...rest}
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
      autoComplete="new-password"
      placeholder={kept ? t('develop.ds.passwordKept') : t('crud.pleaseInput', { label: t('develop.ds.password') })}
    />
  );
}

/** 启用 / 停用 of a source in the list. */
export function StatusTag({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return on ? <Tag color="green">{t('develop.ds.enabled')}</Tag> : <Tag>{t('develop.ds.disabled')}</Tag>;
}
