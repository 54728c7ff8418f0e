/**
 * Reading an uploaded xlsx list by its header row (the SpringBlade user and region imports): the first sheet, each
 * column matched to a key by its header text (or the key itself), one entry per non-empty row with its sheet line.
 * Refusals are 400s in the import's words: not an xlsx file, no sheet, a required column missing, no rows, too many.
 */
import ExcelJS from 'exceljs';
import { badRequest } from './envelope.ts';
import { formatDate } from './time.ts';

/** A cell's text: rich text joined, formulas by their result, dates as YYYY-MM-DD (or by `date`), errors as nothing. */
export function cellText(v: ExcelJS.CellValue, date: (d: Date) => string = formatDate): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return date(v);
  if (typeof v === 'object') {
    if ('richText' in v)
      return v.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if ('text' in v) return String(v.text).trim();
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue, date);
    if ('error' in v) return '';
  }
  return String(v).trim();
}

export interface SheetLine<K extends string> {
  /** the row's line in the sheet (1 is the header) */
  line: number;
  values: Partial<Record<K, string>>;
}

/** Excel stores dates as UTC-based serials of the local wall clock: read one back as that wall time. */
export function wallClock(v: Date): Date {
  return new Date(
    v.getUTCFullYear(),
    v.getUTCMonth(),
    v.getUTCDate(),
    v.getUTCHours(),
    v.getUTCMinutes(),
    v.getUTCSeconds(),
  );
}

/** The first sheet of an uploaded xlsx; a 400 in the import's words when the file is not one or has no sheet. */
export async function firstSheet(buf: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw badRequest('导入失败: 文件不是有效的 xlsx 文件');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest('导入失败: 文件中没有工作表');
  return ws;
}

export async function readSheetByHeaders<K extends string>(
  buf: Buffer,
  columns: readonly { header: string; key: K }[],
  opts: { required: readonly K[]; maxRows: number },
): Promise<SheetLine<K>[]> {
  const ws = await firstSheet(buf);
  const byCol = new Map<number, K>();
  ws.getRow(1).eachCell((cell, col) => {
    const h = cellText(cell.value);
    const c = columns.find((x) => x.header === h || x.key === h);
    if (c) byCol.set(col, c.key);
  });
  for (const need of opts.required) {
    if (![...byCol.values()].includes(need)) {
      const header = columns.find((c) => c.key === need)?.header;
      throw badRequest(`导入失败: 模板不正确, 缺少列 ${header}`);
    }
  }
  const out: SheetLine<K>[] = [];
  ws.eachRow((row, line) => {
    if (line === 1) return;
    const values: Partial<Record<K, string>> = {};
    row.eachCell((cell, col) => {
      const key = byCol.get(col);
      const v = cellText(cell.value);
      if (key && v) values[key] = v;
    });
    if (Object.keys(values).length) out.push({ line, values });
  });
  if (!out.length) throw badRequest('导入失败: 表格中没有数据');
  if (out.length > opts.maxRows) throw badRequest(`导入失败: 单次最多导入 ${opts.maxRows} 行`);
  return out;
}
