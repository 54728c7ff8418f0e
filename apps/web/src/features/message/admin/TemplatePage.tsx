/** Message templates (`/blade-message/template`): code, name, type, channel, title and content with ${name} placeholders. */
import { messageTemplateApi } from '../../../api/messageAdmin';
import { type CrudColumn, CrudPage, remarkColumn } from '../../../components/crud';
import { CHANNELS, requiredMessageType } from './common';

const columns: CrudColumn[] = [
  { prop: 'templateCode', label: 'msgAdmin.templateCode', search: true, required: 'msgAdmin.templateCodeInput' },
  { prop: 'templateName', label: 'msgAdmin.templateName', search: true, required: 'msgAdmin.templateNameRequired' },
  requiredMessageType,
  { prop: 'channel', label: 'msgAdmin.channel', type: 'select', options: CHANNELS, defaultValue: 'site' },
  { prop: 'templateTitle', label: 'msgAdmin.templateTitle', required: 'msgAdmin.titleRequired', span: 24 },
  {
    prop: 'templateContent',
    label: 'msgAdmin.templateContent',
    type: 'textarea',
    rows: 5,
    required: 'msgAdmin.contentRequired',
    tip: 'msgAdmin.placeholderTip',
    ellipsis: true,
  },
  remarkColumn('crud.remark', { hide: true }),
];

export default function TemplatePage() {
  return (
    <CrudPage
      api={messageTemplateApi}
      columns={columns}
      title="msgAdmin.templateTitleNoun"
      permission="message_template"
      dialogWidth={900}
    />
  );
}
