/**
 * Network import and export (mounted under /api and bare):
 * - POST /swp-gis/network/import            multipart `file` + fields format, crs, offsetX, offsetY, mode, dryRun,
 *                                           skipRejected, jobId → the report (import service)
 * - GET  /swp-gis/network/import/progress?jobId=   stage and rows written of a running import
 * - GET  /swp-gis/network/export?format=geojson|inp&crs=EPSG:4548|EPSG:4326|local   a download
 * - GET  /swp-gis/network/summary           version, extent, counts and the last import of the tenant's network
 * - POST /swp-gis/network/l-town            (platform administrator) the L-Town demo tenant in one step
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { attachment } from '../../../core/attachment.ts';
import { badRequest, ok } from '../../../core/envelope.ts';
import { adminOnly, byMenu } from '../../../core/gate.ts';
import type { AppContext } from '../../../core/module.ts';
import { requirePlatformAdmin } from '../../../core/tenancy.ts';
import { progressRoute, uploadScope } from '../../../core/upload.ts';
import { runUploadJob } from '../../../core/upload-job.ts';
import { exportGeoJson, exportInp, networkSummary } from './export.ts';
import { createLTownTenant, L_TOWN } from './ltown.ts';
import { importNetwork, importOptions } from './service.ts';

const BASE = '/swp-gis/network';
/** A network file may be larger than the general upload limit (a 100,000-pipe GeoJSON is about 40 MB). */
export const NETWORK_UPLOAD_MAX = 200 * 1024 * 1024;

const exportQuery = z.object({
  format: z.enum(['geojson', 'inp'], { error: 'format 只能是 geojson 或 inp' }).default('geojson'),
  crs: z
    .enum(['EPSG:4548', 'EPSG:4326', 'local'], { error: 'crs 只能是 EPSG:4548、EPSG:4326 或 local' })
    .default('EPSG:4548'),
});

export const MSG_IMPORT_BUSY = '已有管网导入正在进行，请稍后再试';

export function networkImportRoutes(app: FastifyInstance, ctx: AppContext) {
  const limits = { fileSize: Math.max(ctx.config.uploadMaxBytes, NETWORK_UPLOAD_MAX), files: 1, fields: 20 };
  uploadScope(app, limits, (scope) => {
    scope.post(`${BASE}/import`, byMenu('gis_network_import'), async (req: FastifyRequest) => {
      // a long job: one network import per tenant at a time, within the instance's limit (core/job-queue.ts)
      const { opts, result: report } = await runUploadJob(
        ctx,
        req,
        {
          kind: 'network-import',
          busyMessage: MSG_IMPORT_BUSY,
          notMultipart: '请以 multipart/form-data 上传管网文件 (字段 file)',
          options: importOptions,
        },
        (bytes, opts, fileName) => importNetwork(ctx, req.tenantId, bytes, opts, fileName),
      );
      return ok(report, opts.dryRun ? '试导入完成' : report.applied ? '导入成功' : '导入完成: 没有变化');
    });
  });

  progressRoute(app, ctx, `${BASE}/import/progress`, byMenu('gis_network_import'));

  app.get(`${BASE}/export`, byMenu('gis_network_export', 'gis_map'), async (req, reply) => {
    const q = exportQuery.parse(req.query);
    const name = `network-${req.tenantId}.${q.format === 'inp' ? 'inp' : 'geojson'}`;
    if (q.format === 'inp') {
      // refused before any header is set: the refusal is a JSON answer, not a download
      if (q.crs === 'EPSG:4326') throw badRequest('.inp 只能导出平面坐标 (EPSG:4548 或 local)');
      const inp = await exportInp(ctx.db, req.tenantId, q.crs);
      return attachment(reply, name, 'text/plain; charset=utf-8').send(inp);
    }
    const geojson = JSON.stringify(await exportGeoJson(ctx.db, req.tenantId, q.crs));
    return attachment(reply, name, 'application/geo+json; charset=utf-8').send(geojson);
  });

  app.get(`${BASE}/summary`, byMenu('gis_map', 'gis_network_import'), async (req) =>
    ok(await networkSummary(ctx.db, req.tenantId)),
  );

  app.post(`${BASE}/l-town`, adminOnly, async (req) => {
    requirePlatformAdmin(req);
    const r = await createLTownTenant(ctx, req.user?.userId ?? null);
    return ok(
      r,
      r.created ? `已创建租户 ${L_TOWN.tenantName} (${L_TOWN.tenantId})` : `租户 ${L_TOWN.tenantId} 已存在, 数据已更新`,
    );
  });
}
