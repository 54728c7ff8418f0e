/**
 * Laboratory results from xlsx: one row per sample — 样品编号, 点位编码, 采样时间, then one column per indicator
 * headed by its code or name, optionally with the unit the column is in, e.g. `铅(µg/L)` (converted to the limit's
 * unit). Empty cells are untested. All or nothing: any bad row refuses the file with every problem listed; the
 * results go in one transaction and the out-of-limit ones raise their alarms after it.
 */
import type ExcelJS from 'exceljs';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import type { Row } from '../../core/resource.ts';
import { parseDateTime } from '../../core/time.ts';
import { firstSheet, wallClock } from '../../core/xlsx-read.ts';
import { judgeRows, limitsOf, resultAlarms } from './results.ts';
import { qualityResult } from './schema.ts';

const MAX_ROWS = 5000;
const FIXED: Record<string, 'sampleCode' | 'pointCode' | 'sampledAt'> = {
  样品编号: 'sampleCode',
  sampleCode: 'sampleCode',
  点位编码: 'pointCode',
  pointCode: 'pointCode',
  采样时间: 'sampledAt',
  sampledAt: 'sampledAt',
};

function text(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object' && 'result' in v) return text(v.result as ExcelJS.CellValue);
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((t) => t.text).join('');
  if (typeof v === 'object' && 'text' in v) return String(v.text);
  return String(v).trim();
}

/** `铅(µg/L)` → name 铅, unit µg/L (full-width brackets too). */
export function splitHeader(h: string): { name: string; unit?: string } {
  const m = /^(.+?)\s*[(（]([^()（）]*)[)）]\s*$/.exec(h);
  return m ? { name: m[1].trim(), unit: m[2].trim() } : { name: h.trim() };
}

/** A sampling time: a date cell as its wall time (core/xlsx-read.ts), else the text parsed. */
function cellTime(v: ExcelJS.CellValue): Date | undefined {
  if (v instanceof Date) return wallClock(v);
  return parseDateTime(text(v));
}

export async function importResults(ctx: AppContext, tenantId: string, buf: Buffer, userId: string | null) {
  const ws = await firstSheet(buf);
  if (ws.rowCount - 1 > MAX_ROWS) throw badRequest(`导入失败: 一次最多导入 ${MAX_ROWS} 行`);
  const limits = await limitsOf(ctx.db, tenantId);
  const fixed = new Map<number, string>();
  const cols = new Map<number, { code: string; unit?: string }>();
  const unknown: string[] = [];
  ws.getRow(1).eachCell((c, col) => {
    const h = text(c.value);
    if (FIXED[h]) return void fixed.set(col, FIXED[h]);
    const { name, unit } = splitHeader(h);
    const hit = limits.find((l) => l.code === name || l.name === name);
    if (hit) cols.set(col, { code: hit.code, unit });
    else if (h) unknown.push(h);
  });
  const need = ['sampleCode', 'pointCode', 'sampledAt'].filter((k) => ![...fixed.values()].includes(k));
  if (need.length) throw badRequest('导入失败: 模板不正确, 须有列 样品编号、点位编码、采样时间');
  if (unknown.length) throw badRequest(`导入失败: 未知的指标列 ${unknown.join('、')}`);
  if (!cols.size) throw badRequest('导入失败: 没有指标列');

  const rows: Row[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  ws.eachRow((r, n) => {
    if (n === 1) return;
    const v: Record<string, ExcelJS.CellValue> = {};
    for (const [col, k] of fixed) v[k] = r.getCell(col).value;
    const sampleCode = text(v.sampleCode);
    const pointCode = text(v.pointCode);
    if (!sampleCode && !pointCode) return;
    const sampledAt = cellTime(v.sampledAt);
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(sampleCode)) problems.push(`第 ${n} 行: 样品编号不正确`);
    if (!pointCode) problems.push(`第 ${n} 行: 缺少点位编码`);
    if (!sampledAt) problems.push(`第 ${n} 行: 采样时间不正确`);
    else if (sampledAt.getTime() > Date.now() + 3_600_000) problems.push(`第 ${n} 行: 采样时间晚于当前时间`);
    for (const [col, ind] of cols) {
      const raw = text(r.getCell(col).value);
      if (raw === '') continue;
      // 未检出 / 无 / ND are written as 0 for the not-detected indicators
      const value = /^(未检出|无|nd|<\s*\d.*)$/i.test(raw) ? 0 : Number(raw);
      if (!Number.isFinite(value) || value < 0) {
        problems.push(`第 ${n} 行: ${ind.code} 的值 ${raw} 不是有效数值`);
        continue;
      }
      const key = `${sampleCode}/${ind.code}`;
      if (seen.has(key)) problems.push(`第 ${n} 行: 样品 ${sampleCode} 的 ${ind.code} 重复`);
      seen.add(key);
      rows.push({ sampleCode, pointCode, sampledAt, indicatorCode: ind.code, value, unit: ind.unit ?? null });
    }
  });
  if (problems.length) throw badRequest(`导入失败: ${problems.slice(0, 20).join('; ')}`);
  if (!rows.length) throw badRequest('导入失败: 文件中没有结果');

  const saved = await ctx.db.transaction(async (tx) => {
    let judged: Row[];
    try {
      judged = await judgeRows(tx, tenantId, rows);
    } catch (e) {
      throw badRequest(`导入失败: ${(e as Error).message}`);
    }
    const now = new Date();
    const values = rows.map((r, i) => ({
      tenantId,
      sampleCode: r.sampleCode,
      pointCode: r.pointCode,
      sampledAt: r.sampledAt,
      indicatorCode: r.indicatorCode,
      ...judged[i],
      createUser: userId,
      updateUser: userId,
      createTime: now,
      updateTime: now,
    })) as (typeof qualityResult.$inferInsert)[];
    const out = await tx.insert(qualityResult).values(values).onConflictDoNothing().returning();
    if (out.length !== values.length) throw badRequest('导入失败: 部分样品的指标已有结果（样品编号重复）');
    return out;
  });
  await resultAlarms(ctx, tenantId, saved);
  return {
    samples: new Set(saved.map((r) => r.sampleCode)).size,
    results: saved.length,
    failed: saved.filter((r) => !r.compliant).length,
  };
}
