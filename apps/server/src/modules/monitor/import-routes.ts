/**
 * Time-series import (mounted under /api and bare):
 * - POST /swp-monitor/import/series            multipart `file` (.csv or .xlsx) + fields separator, decimal,
 *                                              timestampColumn, timestampFormat, mapping (JSON), dryRun,
 *                                              skipRejected, jobId → the report (import-series.ts)
 * - GET  /swp-monitor/import/progress?jobId=   stage and points written of a running import
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { progress } from '../../core/progress.ts';
import { importSeries, seriesImportOptions } from './import-series.ts';

const BASE = '/swp-monitor/import';
/** A year of 5-minute data of a few series is 3–10 MB; room for longer or wider files. */
export const SERIES_UPLOAD_MAX = 100 * 1024 * 1024;

export function seriesImportRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data'))
      await scope.register(multipart, {
        limits: { fileSize: Math.max(ctx.config.uploadMaxBytes, SERIES_UPLOAD_MAX), files: 1, fields: 20 },
      });
    scope.post(`${BASE}/series`, byMenu('monitor_series_import'), async (req: FastifyRequest) => {
      if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传 CSV 或 xlsx 文件 (字段 file)');
      const file = await req.file();
      if (file?.fieldname !== 'file') throw badRequest('缺少必要的请求参数: file');
      const fields: Record<string, unknown> = {};
      for (const [k, f] of Object.entries(file.fields)) {
        const v = (Array.isArray(f) ? f[0] : f) as { type?: string; value?: unknown } | undefined;
        if (v?.type === 'field') fields[k] = v.value;
      }
      const opts = seriesImportOptions.parse({ ...(req.query as Record<string, unknown>), ...fields });
      const buf = await file.toBuffer();
      if (file.file.truncated) throw badRequest('导入失败: 文件超过大小限制');
      const r = await importSeries(ctx, req.tenantId, buf, file.filename, opts);
      return ok(r, opts.dryRun ? '试导入完成' : `导入成功: 新增 ${r.inserted} 个数据点`);
    });
  });
  app.get(`${BASE}/progress`, byMenu('monitor_series_import'), async (req) => {
    const jobId = String((req.query as Record<string, unknown>).jobId ?? '');
    if (!/^[\w-]{1,64}$/.test(jobId)) throw badRequest('参数校验失败: jobId');
    return ok(
      progress.get(req.tenantId, jobId) ?? { stage: 'unknown', done: 0, total: 0, finished: false, error: null },
    );
  });
}
