/** Message templates (`/blade-message/template`): code, name, type, channel, title and content with ${name} placeholders. */
import { messageTemplateApi } from '../../../api/messageAdmin';
import { CrudPage } from '../../../components/crud';
import { templateColumns } from './columns';

export default function TemplatePage() {
  return (
    <CrudPage
      api={messageTemplateApi}
      columns={templateColumns}
      title="msgAdmin.templateTitleNoun"
      permission="message_template"
      dialogWidth={900}
    />
  );
}
