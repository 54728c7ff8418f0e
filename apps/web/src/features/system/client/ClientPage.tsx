/** OAuth clients (`/blade-system/client`): id, secret, scope, grant types, token lifetimes. */
import { clientApi } from '../../../api/system';
import { CrudPage } from '../../../components/crud';
import { clientColumns } from './columns';

export default function ClientPage() {
  return <CrudPage api={clientApi} columns={clientColumns} title="client.title" permission="client" />;
}
