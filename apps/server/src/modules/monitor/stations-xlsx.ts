/**
 * Monitoring stations from xlsx (issue 18): a template with one header row, a dry run that checks every row and says
 * per row whether it is new, changed or unchanged (matched on the station code), and an apply that writes the new and
 * changed ones in one transaction. Rejected rows are listed with their reasons; an apply with rejected rows is refused
 * unless `skipRejected`. The same sheet applied twice changes nothing.
 */
import ExcelJS from 'exceljs';
import { codeList } from '../../core/code-list.ts';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { firstSheet } from '../../core/xlsx-read.ts';
import { FIELDS, STATION_TYPES } from './fields.ts';
import { monitorSeries, monitorStation } from './schema.ts';
import { type NewStation, upsertStations } from './stations-import.ts';

export const STATION_COLUMNS = [
  { header: '站点编码', key: 'stcd', width: 14 },
  { header: '站点名称', key: 'stnm', width: 24 },
  { header: '站点类型', key: 'sttp', width: 10 },
  { header: '数据字段', key: 'fields', width: 28 },
  { header: '位置', key: 'location', width: 16 },
  { header: '地址', key: 'address', width: 28 },
  { header: 'X(EPSG:4548)', key: 'x', width: 14 },
  { header: 'Y(EPSG:4548)', key: 'y', width: 14 },
] as const;
type Key = (typeof STATION_COLUMNS)[number]['key'];
const MAX_ROWS = 10_000;

export async function stationTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('站点');
  ws.columns = STATION_COLUMNS.map((c) => ({ ...c }));
  ws.getRow(1).font = { bold: true };
  const help = wb.addWorksheet('说明');
  help.addRow(['站点类型', codeList(STATION_TYPES)]);
  help.addRow([
    '数据字段',
    `字段:步长秒, 逗号分隔, 例如 flow:300,pressure:300。可用字段: ${Object.keys(FIELDS).join(', ')}`,
  ]);
  help.addRow(['坐标', 'EPSG:4548 平面坐标 (x 东, y 北, 米), 可留空']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const text = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'result' in v) return text(v.result as ExcelJS.CellValue);
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('');
  if (typeof v === 'object' && 'text' in v) return String(v.text);
  return String(v).trim();
};

export interface StationRowReport {
  row: number;
  stcd: string;
  action: 'insert' | 'update' | 'unchanged';
}
export interface StationImportReport {
  dryRun: boolean;
  rows: StationRowReport[];
  rejected: { row: number; stcd: string | null; reason: string }[];
  inserted: number;
  updated: number;
  unchanged: number;
}

function parseRow(v: Partial<Record<Key, string>>): NewStation | string {
  const stcd = v.stcd ?? '';
  if (!stcd) return '缺少站点编码';
  if (stcd.length > 32) return '站点编码最多 32 个字符';
  const stnm = v.stnm ?? '';
  if (!stnm || stnm.length > 100) return '站点名称必填且最多 100 个字符';
  const sttp = (v.sttp ?? '').toUpperCase();
  if (!STATION_TYPES[sttp]) return `站点类型 ${v.sttp ?? ''} 无效 (${Object.keys(STATION_TYPES).join(' ')})`;
  const fields: Record<string, number> = {};
  for (const part of (v.fields ?? '')
    .split(/[,，;]/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [f, step = '300'] = part.split(':').map((s) => s.trim());
    if (!FIELDS[f]) return `数据字段 ${f} 无效`;
    const n = Number(step);
    if (!Number.isInteger(n) || n < 1 || n > 86_400) return `字段 ${f} 的步长 ${step} 无效 (1–86400 秒)`;
    fields[f] = n;
  }
  const num = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s));
  const x = num(v.x);
  const y = num(v.y);
  if ((x === null) !== (y === null)) return 'X 和 Y 须同时填写或同时留空';
  if (x !== null && y !== null) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return '坐标不是数值';
    if (x < 250_000 || x > 750_000 || y < 1_000_000 || y > 6_500_000) return '坐标超出 EPSG:4548 范围 (x 是东向)';
  }
  if ((v.location ?? '').length > 100 || (v.address ?? '').length > 255) return '位置或地址过长';
  return { stcd, stnm, sttp, fields, x, y, location: v.location || null, address: v.address || null };
}

export async function importStations(
  ctx: Pick<AppContext, 'db'>,
  tenantId: string,
  buf: Buffer,
  opts: { dryRun: boolean; skipRejected: boolean },
  userId: string | null,
): Promise<StationImportReport> {
  const ws = await firstSheet(buf);
  const byCol = new Map<number, Key>();
  ws.getRow(1).eachCell((c, col) => {
    const h = text(c.value);
    const k = STATION_COLUMNS.find((x) => x.header === h || x.key === h)?.key;
    if (k) byCol.set(col, k);
  });
  if (![...byCol.values()].includes('stcd')) throw badRequest('导入失败: 模板不正确, 缺少列 站点编码');
  if (ws.rowCount - 1 > MAX_ROWS) throw badRequest(`导入失败: 一次最多导入 ${MAX_ROWS} 行`);

  const existing = await ctx.db.select().from(monitorStation).where(liveInTenant(monitorStation, tenantId));
  const have = new Map(existing.map((s) => [s.stcd, s]));
  const series = await ctx.db
    .select({ stationId: monitorSeries.stationId, field: monitorSeries.field })
    .from(monitorSeries);
  const fieldsOf = new Map<string, Set<string>>();
  for (const s of series) {
    const set = fieldsOf.get(s.stationId) ?? new Set();
    set.add(s.field);
    fieldsOf.set(s.stationId, set);
  }

  const rows: StationRowReport[] = [];
  const rejected: StationImportReport['rejected'] = [];
  const writes: NewStation[] = [];
  const seen = new Set<string>();
  ws.eachRow((r, n) => {
    if (n === 1) return;
    const v: Partial<Record<Key, string>> = {};
    r.eachCell((c, col) => {
      const k = byCol.get(col);
      if (k) v[k] = text(c.value);
    });
    if (!Object.values(v).some(Boolean)) return;
    const p = parseRow(v);
    if (typeof p === 'string') {
      rejected.push({ row: n, stcd: v.stcd || null, reason: p });
      return;
    }
    if (seen.has(p.stcd)) {
      rejected.push({ row: n, stcd: p.stcd, reason: `站点编码 ${p.stcd} 在文件中重复` });
      return;
    }
    seen.add(p.stcd);
    const old = have.get(p.stcd);
    const same =
      old &&
      old.stnm === p.stnm &&
      old.sttp === p.sttp &&
      (old.location ?? null) === p.location &&
      (old.address ?? null) === p.address &&
      (old.x ?? null) === p.x &&
      (old.y ?? null) === p.y &&
      Object.keys(p.fields).every((f) => fieldsOf.get(old.id)?.has(f));
    rows.push({ row: n, stcd: p.stcd, action: !old ? 'insert' : same ? 'unchanged' : 'update' });
    // a station the simulator feeds keeps its device code; others keep theirs too (not in the sheet)
    if (!same) writes.push({ ...p, deviceCode: old?.deviceCode ?? null });
  });
  const count = (a: StationRowReport['action']) => rows.filter((r) => r.action === a).length;
  if (!opts.dryRun && writes.length) {
    if (rejected.length && !opts.skipRejected)
      throw badRequest(`导入失败: ${rejected.length} 行被拒绝, 请先修正文件或选择跳过被拒绝的行 (skipRejected)`);
    await ctx.db.transaction((tx) => upsertStations(tx, tenantId, writes, userId));
  } else if (!opts.dryRun && rejected.length && !opts.skipRejected)
    throw badRequest(`导入失败: ${rejected.length} 行被拒绝, 请先修正文件或选择跳过被拒绝的行 (skipRejected)`);
  return {
    dryRun: opts.dryRun,
    rows,
    rejected,
    inserted: count('insert'),
    updated: count('update'),
    unchanged: count('unchanged'),
  };
}
