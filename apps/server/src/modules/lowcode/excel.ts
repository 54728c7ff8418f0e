/**
 * Online module records as xlsx: export (the list's columns, display values: option labels, names, 是/否), the
 * import template (one column per importable field, header = label) and the import. An import reads every row,
 * converts cells to values (labels back to option ids, 是/否 to 1/0, comma lists to arrays, numbers, dates) and
 * checks each against the module's rules; the valid rows are written in one transaction and every refused row is
 * reported with its line and problems (`LcImportReport`).
 */
import { type DataField, dataFields, type LcImportReport } from '@swp/contract';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachment } from '../../core/attachment.ts';
import { ApiError, badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { formatDate, formatDateTime } from '../../core/time.ts';
import { cellText, firstSheet } from '../../core/xlsx-read.ts';
import { displayRecords } from './record-display.ts';
import { compileList, type Data, insertRecord, type ListQuery, type ModuleLike, NUMERIC_KEYS } from './records.ts';
import { lcRecord } from './schema.ts';

export const MAX_IMPORT_ROWS = 5000;
export const MAX_EXPORT_ROWS = 50_000;

/** Keys that an import can fill (system, computed, files and sub-tables are not imported). */
const NOT_IMPORTED = new Set([
  'createUser',
  'createTime',
  'modifyUser',
  'modifyTime',
  'currOrganize',
  'currPosition',
  'billRule',
  'calculate',
  'uploadFile',
  'uploadImg',
  'table',
  'editor',
]);

export const importFields = (m: ModuleLike) => dataFields(m.form).filter((d) => !NOT_IMPORTED.has(d.key));

const stamp = () => formatDateTime(new Date()).replace(/[-: ]/g, '');

/** The export's columns: the list design's columns (value fields only), else every value field but sub-tables. */
function exportColumns(m: ModuleLike, columnData: Data | null, selectKey?: string[]): DataField[] {
  const fields = dataFields(m.form).filter((d) => d.key !== 'table');
  let names = ((columnData?.columnList ?? []) as Data[]).map((c) => String(c.prop));
  if (selectKey?.length) names = selectKey;
  if (!names.length) return fields;
  return names.map((n) => fields.find((f) => f.vModel === n)).filter((f): f is DataField => !!f);
}

/**
 * `Actions/Export` (`dataType` 0: the page asked for; 1: every matching record) and `Actions/ExportData` (every
 * matching record): an xlsx of display values.
 */
export async function exportRecords(
  ctx: AppContext,
  reply: FastifyReply,
  m: ModuleLike & { fullName: string; columnData: Data | null },
  q: ListQuery & { selectKey?: unknown },
  all: boolean,
  keywordFields: string[],
) {
  const c = compileList(m, q, keywordFields);
  const selectKey = Array.isArray(q.selectKey)
    ? q.selectKey.map(String)
    : typeof q.selectKey === 'string' && q.selectKey
      ? q.selectKey.split(',')
      : undefined;
  const cols = exportColumns(m, m.columnData, selectKey);
  if (!cols.length) throw badRequest('没有可导出的列');
  const rows = await ctx.db
    .select({ id: lcRecord.id, data: lcRecord.data })
    .from(lcRecord)
    .where(and(...c.where))
    .orderBy(...c.order)
    .limit(all ? MAX_EXPORT_ROWS : c.pageSize)
    .offset(all ? 0 : (c.currentPage - 1) * c.pageSize);
  const shown = await displayRecords(ctx, m, rows);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(m.fullName.slice(0, 31));
  ws.columns = cols.map((d) => ({ header: d.label, key: d.vModel, width: Math.max(12, d.label.length * 3) }));
  ws.getRow(1).font = { bold: true };
  for (const r of shown) ws.addRow(Object.fromEntries(cols.map((d) => [d.vModel, (r as Data)[d.vModel] ?? ''])));
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  attachment(reply, `${m.fullName}${stamp()}.xlsx`);
  return reply.send(buf);
}

/** `Template`: the import sheet's header row (and a hint row of options and formats). */
export async function exportTemplate(reply: FastifyReply, m: ModuleLike & { fullName: string }) {
  const fields = importFields(m);
  if (!fields.length) throw badRequest('该功能没有可导入的字段');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(m.fullName.slice(0, 31));
  ws.columns = fields.map((d) => ({
    header: `${d.field.__config__.required ? '*' : ''}${d.label}`,
    key: d.vModel,
    width: Math.max(14, d.label.length * 3),
  }));
  ws.getRow(1).font = { bold: true };
  fields.forEach((d, i) => {
    const opts = (d.field.options ?? []) as Data[];
    const hint = opts.length
      ? `可选: ${opts.map((o) => String(o.fullName ?? o.label ?? o.id)).join('/')}`
      : d.key === 'datePicker'
        ? '格式: YYYY-MM-DD'
        : d.key === 'switch'
          ? '是/否'
          : NUMERIC_KEYS.has(d.key)
            ? '数字'
            : '';
    if (hint) ws.getCell(1, i + 1).note = hint;
  });
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  attachment(reply, `${m.fullName}导入模板.xlsx`);
  return reply.send(buf);
}

/** exceljs reads dates as UTC midnight of the written day: the written day, with its time when it has one. */
function writtenDate(v: Date): string {
  const d = new Date(v.getTime() + v.getTimezoneOffset() * 60_000);
  return v.getUTCHours() || v.getUTCMinutes() ? formatDateTime(d) : formatDate(d);
}

const text = (v: ExcelJS.CellValue) => cellText(v, writtenDate);

/** A cell's text as the field's value (labels → option ids, 是/否 → 1/0, lists, numbers); undefined = empty. */
export function cellValue(df: DataField, text: string): unknown {
  if (text === '') return undefined;
  const opts = (df.field.options ?? df.field.__slot__?.options ?? []) as Data[];
  const p = ((df.field.props as Data | undefined)?.props ?? df.field.props ?? {}) as Data;
  const vk = String(p.value ?? 'id');
  const lk = String(p.label ?? 'fullName');
  const toOption = (s: string) => {
    const o = opts.find((x) => String(x[lk] ?? x.label ?? x.fullName) === s || String(x[vk] ?? x.value ?? x.id) === s);
    if (!o) return s;
    return o[vk] ?? o.value ?? o.id;
  };
  const list = (s: string) =>
    s
      .split(/[,，;；]/)
      .map((x) => x.trim())
      .filter(Boolean);
  switch (df.key) {
    case 'switch':
      return ['是', '1', 'true', '开'].includes(text) ? 1 : ['否', '0', 'false', '关'].includes(text) ? 0 : text;
    case 'checkbox':
      return list(text).map(toOption);
    case 'radio':
    case 'select':
    case 'treeSelect':
      return df.field.multiple ? list(text).map(toOption) : toOption(text);
    case 'cascader':
    case 'areaSelect':
      return text.split('/').map((x) => toOption(x.trim()));
    default:
      if (NUMERIC_KEYS.has(df.key)) return Number.isFinite(Number(text)) ? Number(text) : text;
      if (
        ['organizeSelect', 'depSelect', 'posSelect', 'userSelect', 'roleSelect'].includes(df.key) &&
        df.field.multiple
      )
        return list(text);
      return text;
  }
}

/** Reads and imports a sheet; returns the report (throws a 400 only for a file that is not a usable sheet). */
export async function importRecords(
  ctx: AppContext,
  req: FastifyRequest,
  m: ModuleLike,
  buf: Buffer,
): Promise<LcImportReport> {
  const ws = await firstSheet(buf);
  const fields = importFields(m);
  const byCol = new Map<number, DataField>();
  ws.getRow(1).eachCell((cell, col) => {
    const h = text(cell.value).replace(/^\*/, '');
    const f = fields.find((d) => d.label === h || d.vModel === h);
    if (f) byCol.set(col, f);
  });
  if (!byCol.size) throw badRequest('导入失败: 模板不正确, 表头与表单字段不符');
  const rows: { line: number; data: Data }[] = [];
  ws.eachRow((row, line) => {
    if (line === 1) return;
    const data: Data = {};
    let any = false;
    for (const [col, df] of byCol) {
      const v = cellValue(df, text(row.getCell(col).value));
      if (v !== undefined) {
        data[df.vModel] = v;
        any = true;
      }
    }
    if (any) rows.push({ line, data });
  });
  if (!rows.length) throw badRequest('导入失败: 文件中没有数据');
  if (rows.length > MAX_IMPORT_ROWS) throw badRequest(`导入失败: 一次最多导入 ${MAX_IMPORT_ROWS} 行`);
  const report: LcImportReport = { total: rows.length, success: 0, failed: 0, errors: [] };
  await ctx.db.transaction(async (tx) => {
    for (const r of rows) {
      // each row in a savepoint: a refused row leaves nothing behind, the others go on
      try {
        await tx.transaction(async (sp) => {
          await insertRecord({ ctx, req, tx: sp, module: m }, r.data);
        });
        report.success++;
      } catch (e) {
        if (!(e instanceof ApiError) || e.code !== 400) throw e;
        report.failed++;
        report.errors.push({ row: r.line, message: e.message });
      }
    }
  });
  return report;
}

/** Ids of live records of the module among `ids`. */
export async function existingIds(ctx: AppContext, m: ModuleLike, ids: string[]) {
  const r = await ctx.db
    .select({ id: lcRecord.id })
    .from(lcRecord)
    .where(and(inArray(lcRecord.id, ids), eq(lcRecord.moduleId, m.id), eq(lcRecord.isDeleted, 0)));
  return r.map((x) => x.id);
}
