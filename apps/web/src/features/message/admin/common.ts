/** What the message admin lists (templates, configs, log) describe alike: the channels and the message-type column. */
import type { CrudColumn } from '../../../components/crud';

export const CHANNELS = [
  { label: 'msgAdmin.site', value: 'site' },
  { label: 'msgAdmin.sms', value: 'sms' },
  { label: 'msgAdmin.email', value: 'email' },
];

/** The message type (dict `message_type`), searchable; the dialogs that write it add required and default. */
export const messageTypeColumn: CrudColumn = {
  prop: 'messageType',
  label: 'msgAdmin.messageType',
  type: 'select',
  dict: 'message_type',
  numeric: true,
  search: true,
};

/** The message type a config or template must have, 1 by default. */
export const requiredMessageType: CrudColumn = {
  ...messageTypeColumn,
  required: 'msgAdmin.typeRequired',
  defaultValue: 1,
};
