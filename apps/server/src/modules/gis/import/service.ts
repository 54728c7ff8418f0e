/**
 * A network import: parse (in slices that yield to the event loop), build the store's rows, compare them with the
 * tenant's network, and — unless it is a dry run — write the difference in one transaction under the network lock.
 * The report is the same for both: counts found, warnings, every rejected row with its reason, and what the apply
 * changes (or changed). Rows are rejected, never silently dropped: an apply with rejected rows is refused unless the
 * caller says `skipRejected`.
 */
import type { NetworkImportReport } from '@swp/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../../core/envelope.ts';
import type { AppContext } from '../../../core/module.ts';
import { progress } from '../../../core/progress.ts';
import { tenantSql } from '../../../core/scoped.ts';
import { dropGraphCache } from '../graph.ts';
import { gisNetwork } from '../schema.ts';
import { GIS_SEED_LOCK } from '../seed.ts';
import { buildRows } from './build.ts';
import { parseGeoJson } from './geojson.ts';
import { parseInp } from './inp.ts';
import type { ParsedNetwork } from './model.ts';
import { parseShapefileZip } from './shapefile.ts';
import { applyPlan, planImport } from './write.ts';

/** Rejected rows and warnings listed one by one in a report; beyond, only counted. */
export const REPORT_LIST_MAX = 5000;

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const importOptions = z.object({
  format: z.enum(['inp', 'geojson', 'shapefile'], { error: 'format 只能是 inp、geojson 或 shapefile' }),
  crs: z
    .enum(['EPSG:4548', 'EPSG:4490', 'EPSG:4326', 'local'], {
      error: 'crs 只能是 EPSG:4548、EPSG:4490、EPSG:4326 或 local',
    })
    .default('EPSG:4548'),
  offsetX: z.coerce.number({ error: 'offsetX 必须是数值' }).finite().default(0),
  offsetY: z.coerce.number({ error: 'offsetY 必须是数值' }).finite().default(0),
  mode: z.enum(['replace', 'merge'], { error: 'mode 只能是 replace 或 merge' }).default('merge'),
  dryRun: bool.default(true),
  skipRejected: bool.default(false),
  jobId: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'jobId 只能包含字母、数字、-、_')
    .optional(),
});
export type ImportOptions = z.infer<typeof importOptions>;

export type ImportReport = NetworkImportReport;

export async function parseNetworkFile(format: ImportOptions['format'], buf: Buffer): Promise<ParsedNetwork> {
  if (format === 'shapefile') return parseShapefileZip(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength));
  const text = buf.toString('utf8').replace(/^\uFEFF/, '');
  return format === 'inp' ? parseInp(text) : parseGeoJson(text);
}

export async function importNetwork(
  ctx: Pick<AppContext, 'db'>,
  tenantId: string,
  buf: Buffer,
  opts: ImportOptions,
  fileName = '',
): Promise<ImportReport> {
  const t0 = Date.now();
  const job = progress.start(tenantId, opts.jobId, ctx.db, 'network');
  try {
    job.stage('parse');
    const parsed = await parseNetworkFile(opts.format, buf);
    job.stage('check');
    const built = await buildRows(parsed, opts);
    if (!built.nodes.length && !built.pipes.length && !built.rejected.length)
      throw badRequest('导入失败: 文件中没有任何管网要素 (no features found)');
    const run = async (exec: Parameters<typeof planImport>[0]) => {
      const plan = await planImport(exec, tenantId, built, opts.mode);
      let applied = false;
      if (!opts.dryRun) {
        if (built.rejected.length && !opts.skipRejected)
          throw badRequest(
            `导入失败: ${built.rejected.length} 行被拒绝, 请先修正文件或选择跳过被拒绝的行 (rows rejected; fix them or skipRejected)`,
          );
        job.stage('write');
        applied = await applyPlan(
          exec,
          tenantId,
          plan,
          built.model,
          {
            format: opts.format,
            crs: opts.crs,
            offsetX: opts.offsetX,
            offsetY: opts.offsetY,
            fileName,
            time: new Date(),
          },
          (done, total) => job.step(done, total),
        );
      }
      const v = await exec.execute<{ version: number }>(
        sql`select version from swp_gis_network where ${tenantSql(gisNetwork, tenantId)}`,
      );
      return { plan, applied, version: v.rows[0]?.version ?? null };
    };
    const { plan, applied, version } = opts.dryRun
      ? await run(ctx.db)
      : await ctx.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${GIS_SEED_LOCK})`);
          return run(tx);
        });
    if (applied) dropGraphCache();
    const report: ImportReport = {
      format: opts.format,
      crs: opts.crs,
      mode: opts.mode,
      dryRun: opts.dryRun,
      applied,
      ...built.counts,
      warnings: built.warnings.slice(0, REPORT_LIST_MAX),
      warningCount: built.warnings.length,
      rejected: built.rejected.slice(0, REPORT_LIST_MAX),
      rejectedCount: built.rejected.length,
      ...plan.stats,
      networkVersion: version,
      tookMs: Date.now() - t0,
    };
    job.finish(report);
    return report;
  } catch (err) {
    job.fail(err instanceof Error ? err.message : String(err));
    throw err;
  }
}
