/** `/blade-log/usual|api|error` (list, detail) and the web client's error-log upload. */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/envelope.ts';
import { signedIn } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { defineResource } from '../../core/resource.ts';
import { logApi, logError, logUsual } from './schema.ts';
import { type ClientErrorEntry, clientErrorBatch, recordClientErrors } from './service.ts';

const readOnly = (code: string, base: string, table: typeof logUsual | typeof logApi | typeof logError) =>
  defineResource({
    code,
    base,
    table,
    routes: ['list', 'detail'],
    input: {},
    // the logs carry SQL text, stack traces and addresses: the administrator's alone (issue 8)
    grant: { read: 'admin', submit: 'admin', remove: 'admin' },
  });

export const usualLogResource = readOnly('log_usual', '/blade-log/usual', logUsual);
export const apiLogResource = readOnly('log_api', '/blade-log/api', logApi);
export const errorLogResource = readOnly('log_error', '/blade-log/error', logError);

export function registerLogRoutes(app: FastifyInstance, ctx: AppContext) {
  usualLogResource.routes(app, ctx);
  apiLogResource.routes(app, ctx);
  errorLogResource.routes(app, ctx);

  // The error-log dialog's upload (spec 1 §2.5): its local entries, as a JSON array.
  app.post('/blade-log/error/upload', { ...signedIn, schema: { body: clientErrorBatch } }, async (req) => {
    const count = await recordClientErrors(ctx, req, req.body as ClientErrorEntry[]);
    return ok({ count });
  });
}
