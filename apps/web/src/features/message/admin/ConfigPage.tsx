/** Message configs (`/blade-message/config`): a business event bound to a template (chosen in a popup table). */
import { rowsOf } from '../../../api/crud';
import { messageConfigApi, messageTemplateApi } from '../../../api/messageAdmin';
import { type CrudColumn, CrudPage, remarkColumn } from '../../../components/crud';
import { PopupSelect } from '../../../components/widgets';
import { CHANNELS, requiredMessageType } from './common';

const loadTemplates = async ({ keyword, current, size }: { keyword: string; current: number; size: number }) => {
  const page = rowsOf<any>(
    await messageTemplateApi.page({ current, size, ...(keyword ? { templateName: keyword } : {}) }),
  );
  return { records: page.records.map((r) => ({ value: r.templateCode, label: r.templateName })), total: page.total };
};

const columns: CrudColumn[] = [
  { prop: 'configCode', label: 'msgAdmin.configCode', search: true, required: 'msgAdmin.configCodeRequired' },
  { prop: 'configName', label: 'msgAdmin.configName', search: true, required: 'msgAdmin.configNameRequired' },
  requiredMessageType,
  {
    prop: 'templateCode',
    label: 'msgAdmin.templateCode',
    required: 'msgAdmin.templateCodeRequired',
    component: ({ disabled }) => <PopupSelect load={loadTemplates} disabled={disabled} />,
  },
  { prop: 'channel', label: 'msgAdmin.channel', type: 'select', options: CHANNELS, defaultValue: 'site' },
  remarkColumn('crud.remark', { hide: true }),
];

export default function ConfigPage() {
  return (
    <CrudPage api={messageConfigApi} columns={columns} title="msgAdmin.configTitleNoun" permission="message_config" />
  );
}
