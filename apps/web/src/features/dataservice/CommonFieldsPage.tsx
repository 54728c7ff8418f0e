/** Common fields (`/api/system/CommonFields`): reusable field definitions for the data models. */
import { useRef } from 'react';
import { commonFieldsApi } from '../../api/jnpf';
import { type CrudHandle, CrudPage } from '../../components/crud';
import { commonFieldsColumns } from './columns';

export default function CommonFieldsPage() {
  const handle = useRef<CrudHandle | null>(null);
  return (
    <CrudPage
      api={commonFieldsApi}
      columns={commonFieldsColumns}
      title="cfield.title"
      permission="common_fields"
      handleRef={handle}
    />
  );
}
