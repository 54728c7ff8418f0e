/**
 * Time-series import (mounted under /api and bare):
 * - POST /swp-monitor/import/series            multipart `file` (.csv or .xlsx) + fields separator, decimal,
 *                                              timestampColumn, timestampFormat, mapping (JSON), dryRun,
 *                                              skipRejected, jobId → the report (import-series.ts)
 * - GET  /swp-monitor/import/progress?jobId=   stage and points written of a running import
 * - GET  /swp-monitor/import/station-template  the station sheet (xlsx)
 * - POST /swp-monitor/import/stations          multipart `file` (xlsx) + dryRun, skipRejected → per-row report
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attachment } from '../../core/attachment.ts';
import { ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { fileBytes, progressRoute, uploadScope } from '../../core/upload.ts';
import { runUploadJob } from '../../core/upload-job.ts';
import { flag, uploadedXlsx } from '../../core/xlsx-import.ts';
import { importSeries, seriesImportOptions } from './import-series.ts';
import { importStations, stationTemplate } from './stations-xlsx.ts';

const BASE = '/swp-monitor/import';
export const MSG_SERIES_BUSY = '已有数据导入正在进行，请稍后再试';
/** A year of 5-minute data of a few series is 3–10 MB; room for longer or wider files. */
export const SERIES_UPLOAD_MAX = 100 * 1024 * 1024;

export function seriesImportRoutes(app: FastifyInstance, ctx: AppContext) {
  const limits = { fileSize: Math.max(ctx.config.uploadMaxBytes, SERIES_UPLOAD_MAX), files: 1, fields: 20 };
  uploadScope(app, limits, (scope) => {
    scope.post(`${BASE}/series`, byMenu('monitor_series_import'), async (req: FastifyRequest) => {
      // a long job: one series import per tenant at a time, within the instance's limit
      const { opts, result: r } = await runUploadJob(
        ctx,
        req,
        {
          kind: 'series-import',
          busyMessage: MSG_SERIES_BUSY,
          notMultipart: '请以 multipart/form-data 上传 CSV 或 xlsx 文件 (字段 file)',
          options: seriesImportOptions,
        },
        (bytes, opts, fileName) => importSeries(ctx, req.tenantId, bytes, fileName, opts),
      );
      return ok(r, opts.dryRun ? '试导入完成' : `导入成功: 新增 ${r.inserted} 个数据点`);
    });
    scope.post(`${BASE}/stations`, byMenu('monitor_series_import'), async (req: FastifyRequest) => {
      const { file, field } = await uploadedXlsx(req);
      const opts = { dryRun: flag(field('dryRun'), true), skipRejected: flag(field('skipRejected'), false) };
      const r = await importStations(ctx, req.tenantId, await fileBytes(file), opts, req.user?.userId ?? null);
      return ok(r, opts.dryRun ? '试导入完成' : `导入成功: 新增 ${r.inserted} 个, 更新 ${r.updated} 个`);
    });
  });
  app.get(`${BASE}/station-template`, byMenu('monitor_series_import'), async (_req, reply) => {
    return attachment(reply, '站点导入模板.xlsx').send(await stationTemplate());
  });
  progressRoute(app, ctx, `${BASE}/progress`, byMenu('monitor_series_import'));
}
