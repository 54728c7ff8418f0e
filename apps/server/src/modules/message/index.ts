/**
 * Messages: the bell's records, the live channel (`/api/ws`), templates, configs and the message log.
 * Other modules send through `sendMessage` (site messages) or record other channels with `writeMessageLog`.
 */
import type { ServerModule } from '../../core/module.ts';
import { channelOf, registerLiveChannel } from './channel.ts';
import { registerMessageResources } from './resources.ts';
import { registerRecordRoutes } from './routes.ts';
import { seedMessage } from './seed.ts';

export const messageModule: ServerModule = {
  name: 'message',
  uses: ['auth', 'system'],
  init(ctx) {
    // subscribe to the live bus before anything can be sent
    channelOf(ctx);
  },
  async routes(app, ctx) {
    registerRecordRoutes(app, ctx);
    registerMessageResources(app, ctx);
    // the socket routes are declared once, in the unprefixed scope, for both /ws and /api/ws
    if (app.prefix === '') await registerLiveChannel(app, ctx);
  },
  seed: seedMessage,
};

/** The message tables other modules read (never through db/schema.ts). */
export { messageLog, messageRecord, messageTemplate } from './schema.ts';
export {
  MESSAGE_TOPIC,
  MESSAGE_TYPES,
  type MessageLogInput,
  READ,
  renderTemplate,
  type SendMessageInput,
  type SendResult,
  sendMessage,
  sendMessagesWithin,
  UNREAD,
  writeMessageLog,
} from './service.ts';
