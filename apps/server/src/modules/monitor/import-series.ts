/**
 * Time series from CSV or xlsx: one timestamp column, and one column per series mapped to a station's field
 * (`{"p227": "p227.flow"}`). Separator and decimal comma as European files have them; timestamps in the utility's
 * time zone by a pattern (YYYY MM DD HH mm ss), or epoch seconds/milliseconds, or ISO 8601.
 *
 * A dry run reads everything and reports per series the points, first and last time, and every rejected cell or
 * row with its reason; an apply writes all points in ONE transaction through the store's ingest statement (raw
 * points and hourly/daily rollups together; points already stored are skipped, so the same file twice adds
 * nothing). Empty cells are gaps, not errors. A missing series of an existing station is created, its step taken
 * from the file (median spacing).
 */
import type { SeriesReport } from '@swp/contract';
import { inArray } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { progress } from '../../core/progress.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { firstSheet, wallClock } from '../../core/xlsx-read.ts';
import { FIELDS } from './fields.ts';
import { monitorStation } from './schema.ts';
import { seriesOf } from './service.ts';
import { analyzeTables, ensurePartitions, insertPoints } from './store.ts';

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const seriesImportOptions = z.object({
  separator: z
    .string()
    .max(2)
    .transform((s) => (s === '\\t' || s === 'tab' ? '\t' : s))
    .optional(),
  decimal: z.enum(['.', ','], { error: 'decimal 只能是 . 或 ,' }).default('.'),
  timestampColumn: z.string().max(100).optional(),
  timestampFormat: z.string().max(40).default('YYYY-MM-DD HH:mm:ss'),
  /** column → "STCD.field" (JSON text in a form field) */
  mapping: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return null;
      }
    },
    z.record(z.string(), z.string().regex(/^[^.]{1,32}\.\w{1,32}$/, '映射格式为 站点编码.字段 (STCD.field)'), {
      error: 'mapping 必须是 {"列名": "站点编码.字段"} 的 JSON',
    }),
  ),
  dryRun: bool.default(true),
  skipRejected: bool.default(false),
  jobId: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
});
export type SeriesImportOptions = z.infer<typeof seriesImportOptions>;

export type { SeriesReport };

const REJECT_LIST_MAX = 5000;
const pad = (n: number) => String(n).padStart(2, '0');
const fmt = (t: number) => {
  const d = new Date(t);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** A timestamp reader for a pattern (local time of the process, which is the utility's zone). */
export function timestampParser(format: string): (s: string) => number | null {
  const f = format.trim();
  if (/^epoch[_-]?ms$/i.test(f)) return (s) => (/^\d{10,14}$/.test(s) ? Number(s) : null);
  if (/^epoch[_-]?s$/i.test(f)) return (s) => (/^\d{9,11}(\.\d+)?$/.test(s) ? Math.round(Number(s) * 1000) : null);
  if (/^iso$/i.test(f))
    return (s) => {
      const t = Date.parse(s);
      return Number.isFinite(t) ? t : null;
    };
  const order: string[] = [];
  const re = f.replace(/YYYY|MM|DD|HH|mm|ss|[.*+?^${}()|[\]\\]/g, (tok) => {
    if (tok.length === 1) return `\\${tok}`;
    order.push(tok);
    return tok === 'YYYY' ? '(\\d{4})' : '(\\d{1,2})';
  });
  if (!order.includes('YYYY') || !order.includes('MM') || !order.includes('DD'))
    throw badRequest('timestampFormat 必须包含 YYYY、MM、DD (例如 YYYY-MM-DD HH:mm:ss)');
  const rx = new RegExp(`^${re}$`);
  return (s) => {
    const m = rx.exec(s);
    if (!m) return null;
    const v: Record<string, number> = { YYYY: 0, MM: 1, DD: 1, HH: 0, mm: 0, ss: 0 };
    order.forEach((k, i) => {
      v[k] = Number(m[i + 1]);
    });
    if (v.MM < 1 || v.MM > 12 || v.DD < 1 || v.DD > 31 || v.HH > 23 || v.mm > 59 || v.ss > 59) return null;
    const d = new Date(v.YYYY, v.MM - 1, v.DD, v.HH, v.mm, v.ss);
    return d.getDate() === v.DD ? d.getTime() : null;
  };
}

/** Splits one CSV line (quotes "…" with "" escapes allowed). */
function splitLine(line: string, sep: string): string[] {
  if (!line.includes('"')) return line.split(sep);
  const out: string[] = [];
  let cur = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (q) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') q = false;
      else cur += c;
    } else if (c === '"') q = true;
    else if (line.startsWith(sep, i)) {
      out.push(cur);
      cur = '';
      i += sep.length - 1;
    } else cur += c;
  }
  out.push(cur);
  return out;
}

interface Table {
  header: string[];
  /** each row: cells as text, or a Date/number straight from a spreadsheet */
  rows: (string | number | Date | null)[][];
}

function readCsv(text: string, separator?: string): Table {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const first = lines[0] ?? '';
  const sep = separator || ([';', '\t', ','].find((s) => first.includes(s)) ?? ',');
  const header = splitLine(first, sep).map((h) => h.trim());
  const rows: string[][] = [];
  for (let i = 1; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    rows.push(splitLine(lines[i], sep));
  }
  return { header, rows };
}

async function readXlsx(buf: Buffer): Promise<Table> {
  const ws = await firstSheet(buf);
  const cell = (v: ExcelJS.CellValue): string | number | Date | null => {
    if (v === null || v === undefined) return null;
    if (v instanceof Date) return wallClock(v);
    if (typeof v === 'number' || typeof v === 'string') return v;
    if (typeof v === 'object' && 'result' in v) return cell(v.result as ExcelJS.CellValue);
    if (typeof v === 'object' && 'text' in v) return String(v.text);
    return String(v);
  };
  const header: string[] = [];
  ws.getRow(1).eachCell((c, col) => {
    header[col - 1] = String(cell(c.value) ?? '').trim();
  });
  const rows: (string | number | Date | null)[][] = [];
  ws.eachRow((r, n) => {
    if (n === 1) return;
    const out: (string | number | Date | null)[] = [];
    r.eachCell({ includeEmpty: true }, (c, col) => {
      out[col - 1] = cell(c.value);
    });
    rows.push(out);
  });
  return { header, rows };
}

export async function importSeries(
  ctx: Pick<AppContext, 'db' | 'database' | 'config'>,
  tenantId: string,
  buf: Buffer,
  fileName: string,
  opts: SeriesImportOptions,
): Promise<SeriesReport> {
  const t0 = Date.now();
  const job = progress.start(tenantId, opts.jobId, ctx.db, 'series');
  try {
    job.stage('parse');
    const table = /\.xlsx$/i.test(fileName) ? await readXlsx(buf) : readCsv(buf.toString('utf8'), opts.separator);
    const tsCol = opts.timestampColumn ? table.header.indexOf(opts.timestampColumn) : 0;
    if (tsCol < 0) throw badRequest(`导入失败: 没有时间列 ${opts.timestampColumn}`);
    const mapped = Object.entries(opts.mapping);
    if (!mapped.length) throw badRequest('导入失败: 请至少映射一列 (mapping)');

    const targets = await resolveTargets(ctx, tenantId, table, tsCol, mapped);

    job.stage('check');
    const { rejected, rejectedCount, duplicates } = await checkRows(table, tsCol, targets, opts, job);

    const { inserted, created } = opts.dryRun
      ? { inserted: 0, created: new Set<string>() }
      : await writeSeries(ctx, targets, rejectedCount, opts, job);
    job.finish();
    return {
      dryRun: opts.dryRun,
      rows: table.rows.length,
      series: seriesSummary(targets, created),
      rejected,
      rejectedCount,
      duplicates,
      inserted,
      tookMs: Date.now() - t0,
    };
  } catch (err) {
    job.fail(err instanceof Error ? err.message : String(err));
    throw err;
  }
}

type Job = ReturnType<typeof progress.start>;
/** A mapped column: where its values go, and the points and empty cells read for it. */
type Target = Awaited<ReturnType<typeof resolveTargets>>[number];

/** The mapping must name existing columns, stations of this tenant and known fields: a 400 before any work. */
async function resolveTargets(
  ctx: Pick<AppContext, 'db'>,
  tenantId: string,
  table: Table,
  tsCol: number,
  mapped: [string, string][],
) {
  const stcds = [...new Set(mapped.map(([, t]) => t.split('.')[0]))];
  const stations = await ctx.db
    .select({ id: monitorStation.id, stcd: monitorStation.stcd })
    .from(monitorStation)
    .where(liveInTenant(monitorStation, tenantId, inArray(monitorStation.stcd, stcds)));
  const stationOf = new Map(stations.map((s) => [s.stcd, s.id]));
  const existing = await seriesOf(
    ctx,
    stations.map((s) => s.id),
  );
  return mapped.map(([column, target]) => {
    const [stcd, field] = target.split('.');
    const col = table.header.indexOf(column);
    if (col < 0) throw badRequest(`导入失败: 文件中没有列 ${column}`);
    if (col === tsCol) throw badRequest(`导入失败: 列 ${column} 是时间列`);
    const stationId = stationOf.get(stcd);
    if (!stationId) throw badRequest(`导入失败: 站点 ${stcd} 不存在`);
    if (!FIELDS[field]) throw badRequest(`导入失败: 未知的数据字段 ${field}`);
    const s = existing.find((x) => x.stationId === stationId && x.field === field);
    return {
      column,
      col,
      stcd,
      field,
      stationId,
      seriesId: s?.id ?? null,
      ts: [] as number[],
      vs: [] as number[],
      empty: 0,
    };
  });
}

/** Reads every row: its time (refusing bad and future ones, skipping repeats) and each mapped column's value. */
async function checkRows(table: Table, tsCol: number, targets: Target[], opts: SeriesImportOptions, job: Job) {
  const parseTs = timestampParser(opts.timestampFormat);
  const rejected: SeriesReport['rejected'] = [];
  let rejectedCount = 0;
  const reject = (row: number, column: string | null, reason: string) => {
    rejectedCount++;
    if (rejected.length < REJECT_LIST_MAX) rejected.push({ row, column, reason });
  };
  const seen = new Set<number>();
  let duplicates = 0;
  const maxTs = Date.now() + 86_400_000;
  for (let i = 0; i < table.rows.length; i++) {
    const r = table.rows[i];
    const row = i + 2; // the header is line 1
    const rawTs = r[tsCol];
    const t =
      rawTs instanceof Date
        ? rawTs.getTime()
        : typeof rawTs === 'number'
          ? parseTs(String(rawTs))
          : parseTs(String(rawTs ?? '').trim());
    if (t === null || !Number.isFinite(t)) {
      reject(row, table.header[tsCol] ?? null, `时间 "${rawTs ?? ''}" 不符合格式 ${opts.timestampFormat}`);
      continue;
    }
    if (t > maxTs) {
      reject(row, table.header[tsCol] ?? null, `时间 ${fmt(t)} 晚于当前时间一天以上 (in the future)`);
      continue;
    }
    if (seen.has(t)) {
      duplicates++;
      continue;
    }
    seen.add(t);
    for (const tg of targets) {
      const c = r[tg.col];
      if (c === null || c === undefined || (typeof c === 'string' && c.trim() === '')) {
        tg.empty++;
        continue;
      }
      let v: number;
      if (typeof c === 'number') v = c;
      else {
        let s = String(c).trim();
        if (opts.decimal === ',') s = s.replace(/\./g, '').replace(',', '.');
        v = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s) ? Number(s) : Number.NaN;
      }
      if (!Number.isFinite(v)) {
        reject(row, tg.column, `"${c}" 不是数值 (not a number)`);
        continue;
      }
      tg.ts.push(t);
      tg.vs.push(v);
    }
    if (i % 20_000 === 19_999) {
      job.step(i + 1, table.rows.length);
      await new Promise<void>((res) => setImmediate(res));
    }
  }
  return { rejected, rejectedCount, duplicates };
}

/** Writes the points in one transaction, creating the series the mapping names for the first time. */
async function writeSeries(
  ctx: Pick<AppContext, 'database' | 'config'>,
  targets: Target[],
  rejectedCount: number,
  opts: SeriesImportOptions,
  job: Job,
) {
  let inserted = 0;
  const created = new Set<string>();
  if (rejectedCount && !opts.skipRejected)
    throw badRequest(`导入失败: ${rejectedCount} 处数据被拒绝, 请先修正文件或选择跳过被拒绝的行 (skipRejected)`);
  job.stage('write');
  let min = Infinity;
  let max = -Infinity;
  for (const tg of targets)
    for (const t of tg.ts) {
      if (t < min) min = t;
      if (t > max) max = t;
    }
  if (Number.isFinite(min)) await ensurePartitions(ctx.database.pool, ctx.database.url, min, max);
  const client = await ctx.database.pool.connect();
  try {
    await client.query('begin');
    for (const tg of targets) {
      if (tg.seriesId === null) {
        const step = medianStep(tg.ts);
        const r = await client.query<{ id: number }>(
          `insert into swp_monitor_series (station_id, field, step_seconds) values ($1, $2, $3)
           on conflict (station_id, field) do update set field = excluded.field returning id`,
          [tg.stationId, tg.field, step],
        );
        tg.seriesId = r.rows[0].id;
        created.add(tg.column);
      }
      const ids = new Int32Array(tg.ts.length).fill(tg.seriesId);
      inserted += await insertPoints(client, ctx.config.tz, { seriesIds: ids, ts: tg.ts, values: tg.vs });
      job.step(inserted, 0);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  if (inserted > 10_000) await analyzeTables(ctx.database.pool);
  return { inserted, created };
}

/** Per mapped column: its series, points, empty cells and time span. */
function seriesSummary(targets: Target[], created: Set<string>) {
  return targets.map((tg) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const t of tg.ts) {
      if (t < lo) lo = t;
      if (t > hi) hi = t;
    }
    return {
      column: tg.column,
      stcd: tg.stcd,
      field: tg.field,
      points: tg.ts.length,
      empty: tg.empty,
      first: tg.ts.length ? fmt(lo) : null,
      last: tg.ts.length ? fmt(hi) : null,
      seriesId: tg.seriesId,
      created: created.has(tg.column),
    };
  });
}

/** The median spacing of sorted-ish timestamps, in seconds (300 when it cannot tell). */
function medianStep(ts: number[]): number {
  const d: number[] = [];
  for (let i = 1; i < ts.length && d.length < 1000; i++) if (ts[i] > ts[i - 1]) d.push(ts[i] - ts[i - 1]);
  if (!d.length) return 300;
  d.sort((a, b) => a - b);
  return Math.max(1, Math.round(d[Math.floor(d.length / 2)] / 1000));
}
