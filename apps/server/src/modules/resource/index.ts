/**
 * The resource family: SMS configurations and sending, OSS configurations, file upload, attachments and download.
 * Other modules send text messages with `sendSms`, plug in gateways with `registerSmsProvider` and storages with
 * `registerStorage`.
 */
import type { ServerModule } from '../../core/module.ts';
import { registerFileRoutes } from './files.ts';
import { registerOssRoutes } from './oss.ts';
import { seedResource } from './seed.ts';
import { registerSmsRoutes } from './sms.ts';

export const resourceModule: ServerModule = {
  name: 'resource',
  uses: ['message', 'system'],
  async routes(app, ctx) {
    registerSmsRoutes(app, ctx);
    registerOssRoutes(app, ctx);
    await registerFileRoutes(app, ctx);
  },
  seed: seedResource,
};

export { ALLOWED_EXTENSIONS, DOWNLOAD_BASE, formatSize, type UploadedFile } from './files.ts';
/** The attachment table the desk's dashboard counts (never through db/schema.ts). */
export { attach } from './schema.ts';
export {
  logSmsProvider,
  registerSmsProvider,
  type SmsConfig,
  type SmsProvider,
  type SmsResult,
  sendSms,
} from './sms.ts';
export { type FileStorage, LocalStorage, type OssConfig, registerStorage } from './storage.ts';
