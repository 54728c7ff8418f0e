/**
 * Streamed xlsx downloads (exceljs' streaming writer) that validate before the first byte. Row sources are lazy
 * (async generators compile their filters and sort on the first read), so an export that sent its headers first
 * answered a bad parameter with 200 and a cut stream. `xlsxStream` reads the first row before it returns: a bad
 * parameter or a failing query is thrown to the route, which answers it in the envelope (400 for input); only
 * then does the caller send headers and the stream. A later failure (the database going away mid-file) still
 * cuts the stream, which is all HTTP allows once the body has started.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

export interface XlsxStreamOptions<T> {
  sheet: string;
  columns: Partial<ExcelJS.Column>[];
  rows: AsyncIterable<T>;
  /** the cells of one row (1-based `no`) */
  cells: (row: T, no: number) => Record<string, unknown>;
  /** bold, frozen first row */
  header?: boolean;
  onError?: (err: unknown) => void;
}

/** Reads the first row (throwing what it throws), then returns the stream the workbook is written into. */
export async function xlsxStream<T>(opts: XlsxStreamOptions<T>): Promise<PassThrough> {
  const it = opts.rows[Symbol.asyncIterator]();
  const first = await it.next();
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'SWP Console';
  wb.created = new Date();
  void (async () => {
    const sheet = wb.addWorksheet(opts.sheet, opts.header ? { views: [{ state: 'frozen', ySplit: 1 }] } : {});
    sheet.columns = opts.columns;
    if (opts.header) sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let no = 0;
    for (let r = first; !r.done; r = await it.next()) sheet.addRow(opts.cells(r.value, ++no)).commit();
    sheet.commit();
    await wb.commit();
  })().catch((err) => {
    opts.onError?.(err);
    out.destroy(err);
  });
  return out;
}
