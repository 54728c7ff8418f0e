/**
 * Logs written by the server itself: API calls (writes and slow reads, batched off the hot path), unhandled
 * faults with their stack, usual events from other modules (`writeUsualLog`), and the web client's uploaded
 * error entries. Browsable at `/blade-log/usual|api|error`.
 */
import { onFault } from '../../core/errors.ts';
import type { ServerModule } from '../../core/module.ts';
import { registerLogRoutes } from './routes.ts';
import { recordApiCall, recordFault, writerOf } from './service.ts';

let sinkInstalled = false;

export const logModule: ServerModule = {
  name: 'log',
  uses: [],
  init(ctx) {
    // The fault sink list is process-wide: install one sink that writes through the app the request belongs to.
    if (!sinkInstalled) {
      sinkInstalled = true;
      onFault((err, req) => recordFault(req.server.ctx, err, req));
    }
    writerOf(ctx);
  },
  routes(app, ctx) {
    const writer = writerOf(ctx);
    // hooks apply to every route of the scope they are added to: both mounts (/api and bare) get one
    app.addHook('onResponse', async (req, reply) => recordApiCall(ctx, req, reply));
    if (app.prefix === '') {
      writer.onError = (err, kind, rows) =>
        app.log.warn({ err, kind, rows }, 'log rows dropped: database write failed');
      app.addHook('onClose', async () => writer.close());
    }
    registerLogRoutes(app, ctx);
  },
};

/** The log tables other modules read (never through db/schema.ts). */
export { logApi, logError } from './schema.ts';
export {
  clientErrorBatch,
  clientErrorEntry,
  flushLogs,
  recordClientErrors,
  recordFault,
  writeUsualLog,
} from './service.ts';
