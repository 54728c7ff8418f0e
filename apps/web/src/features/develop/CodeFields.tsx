/**
 * Controls of the 代码生成 dialog: the data source (`datasource/select`; choosing another clears the table) and the
 * table among that source's tables (`datasource-table/{id}/tables`; choosing one fills an empty 模块名 and 标题).
 */
import { Form, type FormInstance, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { bladeDatasourceApi } from '../../api/lowcode';
import { useLoad } from '../../lib/useLoad';
import { codeNameOf } from './codes';

interface ControlProps {
  id?: string;
  value?: string;
  onChange?: (v: string | undefined) => void;
  disabled?: boolean;
  form: FormInstance;
}

/** The source picker's choices (the console's own database first, for the platform administrator). */
export async function sourceOptions() {
  return (await bladeDatasourceApi.select()).map((s) => ({ value: String(s.id), label: String(s.name ?? s.fullName) }));
}

export function SourceSelect({ form, value, onChange, ...rest }: ControlProps) {
  const { t } = useTranslation();
  const { data, loading } = useLoad(sourceOptions, 'sources');
  return (
    <Select
      {...rest}
      value={value}
      loading={loading}
      options={data ?? []}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('develop.code.datasourceRequired')}
      onChange={(next: string) => {
        if (next !== value) form.setFieldValue('tableName', undefined);
        onChange?.(next);
      }}
    />
  );
}

export function TableSelect({ form, value, onChange, ...rest }: ControlProps) {
  const { t } = useTranslation();
  const source: string | undefined = Form.useWatch('datasourceId', form);
  const { data, loading } = useLoad(() => bladeDatasourceApi.tables(source!), source ?? '', !!source);
  const options = (data ?? []).map((r) => ({
    value: String(r.name),
    label: r.comment ? `${r.name} (${r.comment})` : String(r.name),
    comment: r.comment as string | undefined,
  }));
  return (
    <Select
      {...rest}
      value={value}
      loading={loading}
      disabled={rest.disabled || !source}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t(source ? 'develop.code.tableNameRequired' : 'develop.code.pickSourceFirst')}
      notFoundContent={loading ? undefined : t('develop.code.noTables')}
      onChange={(next: string, option) => {
        onChange?.(next);
        if (!form.getFieldValue('codeName')) {
          const name = codeNameOf(next, form.getFieldValue('tablePrefix') ?? '');
          if (name) form.setFieldValue('codeName', name);
        }
        const comment = (Array.isArray(option) ? undefined : option)?.comment;
        if (comment && !form.getFieldValue('serviceName')) form.setFieldValue('serviceName', comment);
      }}
    />
  );
}
