/** Object-storage configurations (`/blade-resource/oss`): exactly one is enabled per tenant. */
import { ossApi } from '../../api/resource';
import { CrudPage } from '../../components/crud';
import { ossColumns as columns } from './columns';
import { EnableButton } from './EnableButton';

export default function OssPage() {
  return (
    <CrudPage
      api={ossApi}
      columns={columns}
      title="oss.title"
      permission="oss"
      actionWidth={340}
      rowActions={(row, h) => <EnableButton row={row} h={h} enable={(id) => ossApi.enable(id)} ns="oss" />}
    />
  );
}
