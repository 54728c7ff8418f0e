/** Common fields (`/api/system/CommonFields`): reusable field definitions for the data models. */
import { useRef } from 'react';
import { commonFieldsApi } from '../../api/jnpf';
import { type CrudColumn, type CrudHandle, CrudPage } from '../../components/crud';
import { enabledColumn } from './common';

const TYPES = ['varchar', 'text', 'int', 'bigint', 'decimal', 'datetime', 'date', 'boolean'].map((v) => ({
  label: v,
  value: v,
}));

export default function CommonFieldsPage() {
  const handle = useRef<CrudHandle | null>(null);
  const columns: CrudColumn[] = [
    { prop: 'keyword', label: 'cfield.keyword', search: true, hide: true, display: false },
    { prop: 'fieldName', label: 'cfield.fieldName', required: 'cfield.fieldNameRequired' },
    { prop: 'field', label: 'cfield.field', required: 'cfield.fieldRequired' },
    {
      prop: 'dataType',
      label: 'cfield.dataType',
      type: 'select',
      options: TYPES,
      required: 'cfield.dataTypeRequired',
      defaultValue: 'varchar',
    },
    { prop: 'dataLength', label: 'cfield.dataLength', tip: 'cfield.lengthTip' },
    { prop: 'allowNull', label: 'cfield.allowNull', type: 'switch', defaultValue: 1 },
    { prop: 'sortCode', label: 'crud.sort', type: 'number', min: 0, defaultValue: 0 },
    { ...enabledColumn() },
    { prop: 'description', label: 'crud.remark', type: 'textarea', hide: true },
  ];
  return (
    <CrudPage
      api={commonFieldsApi}
      columns={columns}
      title="cfield.title"
      permission="common_fields"
      handleRef={handle}
    />
  );
}
