/**
 * Regions as xlsx, in SpringBlade's sheet (RegionExcel: 区划编号, 父区划编号, 祖区划编号, 区划名称, the five levels'
 * codes and names, 层级, 排序, 备注): `export-template`, `export-region` (the list's filters, streamed in code order)
 * and `import-region`. The import checks every row first and writes a clean sheet in one transaction, or nothing:
 * a new division needs its parent (in the table or earlier in the sheet's hierarchy) and a code that extends the
 * parent's; 层级 and the level columns are derived from the parent (a 层级 that disagrees is reported). An existing
 * code is refused unless `isCovered`, which updates its name, sort and remark (never its parent).
 */
import { PassThrough } from 'node:stream';
import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachment } from '../../core/attachment.ts';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { compileSort } from '../../core/query.ts';
import { queryOf } from '../../core/request-params.ts';
import type { Row } from '../../core/resource.ts';
import { readSheetByHeaders } from '../../core/xlsx-read.ts';
import { region } from './schema.ts';

export const REGION_SHEET = '行政区划表';
export const MAX_REGION_IMPORT_ROWS = 20_000;
const BATCH = 1000;
const ROOT = '00';
export const LEVEL_FIELDS = ['province', 'city', 'district', 'town', 'village'] as const;

/**
 * A new division's row at `level` under `parent` (none at the root): its ancestors, and the code and name of each
 * level down to its own, copied from the parent (the table keeps them denormalised). The form's submit and the
 * import both add divisions this way.
 */
export function newRegionRow(
  parent: Row | undefined,
  d: { code: string; parentCode: string; name: string; level: number; sort?: number | null; remark?: string | null },
): Row {
  const row: Row = {
    code: d.code,
    parentCode: d.parentCode,
    ancestors: parent ? `${parent.ancestors},${parent.code}` : ROOT,
    name: d.name,
    regionLevel: d.level,
    sort: d.sort ?? 1,
    remark: d.remark ?? null,
  };
  LEVEL_FIELDS.forEach((f, i) => {
    if (i + 1 === d.level) {
      row[`${f}Code`] = d.code;
      row[`${f}Name`] = d.name;
    } else if (i + 1 < d.level) {
      row[`${f}Code`] = parent?.[`${f}Code`] ?? null;
      row[`${f}Name`] = parent?.[`${f}Name`] ?? null;
    }
  });
  return row;
}

/** header ↔ field; `level` is SpringBlade's name of our regionLevel */
export const REGION_COLUMNS = [
  { header: '区划编号', key: 'code' },
  { header: '父区划编号', key: 'parentCode' },
  { header: '祖区划编号', key: 'ancestors' },
  { header: '区划名称', key: 'name' },
  { header: '省级区划编号', key: 'provinceCode' },
  { header: '省级名称', key: 'provinceName' },
  { header: '市级区划编号', key: 'cityCode' },
  { header: '市级名称', key: 'cityName' },
  { header: '区级区划编号', key: 'districtCode' },
  { header: '区级名称', key: 'districtName' },
  { header: '镇级区划编号', key: 'townCode' },
  { header: '镇级名称', key: 'townName' },
  { header: '村级区划编号', key: 'villageCode' },
  { header: '村级名称', key: 'villageName' },
  { header: '层级', key: 'level' },
  { header: '排序', key: 'sort' },
  { header: '备注', key: 'remark' },
] as const;

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d = new Date()) =>
  `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;

const columns = () => REGION_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: 16 }));

const cellsOf = (r: Row) =>
  Object.fromEntries(
    REGION_COLUMNS.map((c) => {
      const v = c.key === 'level' ? r.regionLevel : r[c.key];
      return [c.key, v === null || v === undefined ? null : typeof v === 'number' ? v : String(v)];
    }),
  );

/** `export-template`: the import sheet with its header row. */
export async function regionTemplate(reply: FastifyReply) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(REGION_SHEET);
  ws.columns = columns();
  ws.getRow(1).font = { bold: true };
  attachment(reply, '行政区划模板.xlsx');
  return reply.send(Buffer.from(await wb.xlsx.writeBuffer()));
}

/** `export-region`: every division matching `conds`, streamed in code order (keyset batches, flat memory). */
export async function exportRegions(req: FastifyRequest, reply: FastifyReply, ctx: AppContext, conds: unknown[]) {
  compileSort(region, queryOf(req)); // a bad sort key is a 400 before any byte
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(REGION_SHEET);
  ws.columns = columns();
  const write = async () => {
    let last = '';
    for (;;) {
      const rows = await ctx.db
        .select()
        .from(region)
        .where(and(...(conds as never[]), gt(region.code, last)))
        .orderBy(asc(region.code))
        .limit(BATCH);
      for (const r of rows) ws.addRow(cellsOf(r as Row)).commit();
      if (rows.length < BATCH) break;
      last = rows[rows.length - 1].code;
    }
    ws.commit();
    await wb.commit();
  };
  write().catch((err) => {
    req.log.error({ err }, 'region export failed');
    out.destroy(err);
  });
  attachment(reply, `行政区划数据${stamp()}.xlsx`);
  return reply.send(out);
}

const readSheet = (buf: Buffer) =>
  readSheetByHeaders(buf, REGION_COLUMNS, { required: ['code', 'name'], maxRows: MAX_REGION_IMPORT_ROWS });

type Stored = typeof region.$inferSelect;

/** The stored divisions among `codes`, by code. */
async function storedByCode(ctx: AppContext, codes: string[]): Promise<Map<string, Stored>> {
  const out = new Map<string, Stored>();
  const unique = [...new Set(codes)];
  for (let i = 0; i < unique.length; i += BATCH) {
    for (const r of await ctx.db
      .select()
      .from(region)
      .where(inArray(region.code, unique.slice(i, i + BATCH))))
      out.set(r.code, r);
  }
  return out;
}

const intOf = (raw: string | undefined, label: string, problems: string[], min: number, max: number) => {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    problems.push(`${label} [${raw}] 必须是 ${min} 到 ${max} 的整数`);
    return undefined;
  }
  return n;
};

/** `import-region`: checks every row, then writes all of them in one transaction, or nothing. */
export async function importRegions(ctx: AppContext, buf: Buffer, isCovered: boolean) {
  const lines = await readSheet(buf);
  const errors: string[] = [];
  const recs = checkRows(lines, errors);
  const stored = await storedByCode(ctx, [...recs.map((r) => r.code), ...recs.map((r) => r.parentCode)]);
  const { inserts, updates } = planRows(recs, stored, isCovered, errors);
  if (errors.length) {
    errors.sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
    const shown = errors.slice(0, 20).join('; ');
    throw badRequest(`导入失败, 未写入任何数据: ${shown}${errors.length > 20 ? `; …共 ${errors.length} 处错误` : ''}`);
  }

  await writeRegions(ctx, inserts, updates);
  return { inserted: inserts.length, updated: updates.length };
}

/** A sheet row that passed its own checks. */
interface Rec {
  line: number;
  code: string;
  parentCode: string;
  name: string;
  level?: number;
  sort?: number;
  remark?: string;
}

/** Each row alone: code, parent code, name, remark, level and sort (problems go to `errors`). */
function checkRows(lines: Awaited<ReturnType<typeof readSheet>>, errors: string[]): Rec[] {
  const seen = new Map<string, number>();
  const recs: Rec[] = [];
  for (const { line, values: v } of lines) {
    const problems: string[] = [];
    const code = v.code ?? '';
    if (!code) problems.push('区划编号不能为空');
    else if (!/^\d{1,12}$/.test(code)) problems.push(`区划编号 [${code}] 只能是 1 到 12 位数字`);
    else if (seen.has(code)) problems.push(`区划编号 [${code}] 与第${seen.get(code)}行重复`);
    if (code) seen.set(code, line);
    const parentCode = v.parentCode || ROOT;
    if (!/^\d{1,12}$/.test(parentCode)) problems.push(`父区划编号 [${parentCode}] 只能是数字`);
    const name = v.name ?? '';
    if (!name) problems.push('区划名称不能为空');
    else if (name.length > 32) problems.push('区划名称不能超过32个字符');
    if ((v.remark?.length ?? 0) > 255) problems.push('备注不能超过255个字符');
    const level = intOf(v.level, '层级', problems, 1, LEVEL_FIELDS.length);
    const sort = intOf(v.sort, '排序', problems, 0, 1_000_000);
    if (problems.length) errors.push(`第${line}行: ${problems.join(', ')}`);
    else recs.push({ line, code, parentCode, name, level, sort, remark: v.remark });
  }

  return recs;
}

/**
 * Against the table and the sheet's other rows: a new division needs its parent (in the table or earlier in the
 * sheet) and a code extending the parent's; an existing one is updated only when covering is asked for.
 */
function planRows(recs: Rec[], stored: Map<string, Stored>, isCovered: boolean, errors: string[]) {
  // a child's code extends its parent's, so shorter codes first puts every parent of the sheet before its children
  recs.sort((a, b) => a.code.length - b.code.length || a.line - b.line);
  const planned = new Map<string, Row>();
  const inserts: Row[] = [];
  const updates: { rec: Rec; row: Stored }[] = [];
  for (const rec of recs) {
    const problems: string[] = [];
    const existing = stored.get(rec.code);
    if (existing) {
      if (!isCovered) problems.push(`区划编号 [${rec.code}] 已存在`);
      else if (existing.parentCode !== rec.parentCode) problems.push(`区划编号 [${rec.code}] 已存在于另一上级之下`);
      else if (rec.level !== undefined && rec.level !== existing.regionLevel)
        problems.push(`层级应为 ${existing.regionLevel}`);
      else updates.push({ rec, row: existing });
    } else {
      const parent: Row | undefined =
        rec.parentCode === ROOT ? undefined : (planned.get(rec.parentCode) ?? stored.get(rec.parentCode));
      const level = parent ? Number(parent.regionLevel) + 1 : 1;
      if (rec.parentCode !== ROOT && !parent) problems.push(`上级区划 [${rec.parentCode}] 不存在`);
      else if (level > LEVEL_FIELDS.length) problems.push('区划最多五级');
      else if (parent && (!rec.code.startsWith(rec.parentCode) || rec.code.length <= rec.parentCode.length))
        problems.push(`区划编号必须以上级编号 ${rec.parentCode} 开头`);
      else if (rec.level !== undefined && rec.level !== level) problems.push(`层级应为 ${level}`);
      else {
        const row = newRegionRow(parent, { ...rec, level });
        planned.set(rec.code, row);
        inserts.push(row);
      }
    }
    if (problems.length) errors.push(`第${rec.line}行: ${problems.join(', ')}`);
  }

  return { inserts, updates };
}

/** All of it in one transaction, or nothing (a code added meanwhile by someone else: a 400). */
async function writeRegions(ctx: AppContext, inserts: Row[], updates: { rec: Rec; row: Stored }[]) {
  try {
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < inserts.length; i += 500)
        await tx.insert(region).values(inserts.slice(i, i + 500) as (typeof region.$inferInsert)[]);
      for (const { rec, row } of updates) {
        await tx
          .update(region)
          .set({ name: rec.name, sort: rec.sort ?? row.sort, remark: rec.remark ?? row.remark })
          .where(sql`${region.code} = ${row.code}`);
        if (rec.name !== row.name) {
          // the denormalised name of this level, on the division itself and everything below it
          const f = LEVEL_FIELDS[row.regionLevel - 1];
          await tx.execute(
            sql`update blade_region set ${sql.identifier(`${f}_name`)} = ${rec.name} where ${sql.identifier(`${f}_code`)} = ${row.code}`,
          );
        }
      }
    });
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    if ((err.code ?? err.cause?.code) === '23505')
      throw badRequest('导入失败, 未写入任何数据: 表中的区划编号刚被他人添加, 请重新导入');
    throw e;
  }
}
