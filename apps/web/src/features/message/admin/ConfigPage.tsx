/** Message configs (`/blade-message/config`): a business event bound to a template (chosen in a popup table). */
import { messageConfigApi } from '../../../api/messageAdmin';
import { CrudPage } from '../../../components/crud';
import { configColumns } from './columns';

export default function ConfigPage() {
  return (
    <CrudPage
      api={messageConfigApi}
      columns={configColumns}
      title="msgAdmin.configTitleNoun"
      permission="message_config"
    />
  );
}
