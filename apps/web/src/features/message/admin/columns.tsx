/**
 * The columns of the message admin screens: 消息模板 (TemplatePage), 消息配置 (ConfigPage) and 消息日志 (LogPage),
 * the list, the search bar and the dialog's fields in one schema each.
 */
import { Tag } from 'antd';
import { rowsOf } from '../../../api/crud';
import { messageTemplateApi } from '../../../api/messageAdmin';
import { type CrudColumn, remarkColumn } from '../../../components/crud';
import { PopupSelect, UserTreeSelect } from '../../../components/widgets';
import { CHANNELS, messageTypeColumn, requiredMessageType } from './common';

export const templateColumns: CrudColumn[] = [
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

const loadTemplates = async ({ keyword, current, size }: { keyword: string; current: number; size: number }) => {
  const page = rowsOf<any>(
    await messageTemplateApi.page({ current, size, ...(keyword ? { templateName: keyword } : {}) }),
  );
  return { records: page.records.map((r) => ({ value: r.templateCode, label: r.templateName })), total: page.total };
};

export const configColumns: CrudColumn[] = [
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

export const logColumns: CrudColumn[] = [
  { prop: 'title', label: 'msgAdmin.title', search: true, ellipsis: true },
  messageTypeColumn,
  { prop: 'channel', label: 'msgAdmin.channel', type: 'select', options: CHANNELS, search: true },
  { prop: 'templateCode', label: 'msgAdmin.templateCode', hide: true },
  { prop: 'content', label: 'msgAdmin.content', type: 'textarea', hide: true },
  { prop: 'sender', label: 'msgAdmin.sender' },
  {
    prop: 'senderId',
    label: 'msgAdmin.sender',
    hide: true,
    display: false,
    search: true,
    searchComponent: () => <UserTreeSelect leafOnly />,
  },
  { prop: 'receivers', label: 'msgAdmin.receivers', hide: true, type: 'textarea' },
  { prop: 'receiverCount', label: 'msgAdmin.receiverCount', width: 100 },
  {
    prop: 'sendStatus',
    label: 'msgAdmin.sendStatus',
    render: (v) => (Number(v) === 1 ? <Tag color="green">✓</Tag> : <Tag color="red">✗</Tag>),
  },
  { prop: 'errorMsg', label: 'msgAdmin.errorMsg', hide: true },
  { prop: 'sendTime', label: 'msgAdmin.sendTime', search: true, searchType: 'daterange' },
];
