/**
 * One whole sheet of a streamed workbook (exceljs' WorkbookWriter): the sheet, its columns, each row committed as it
 * is added (so the writer can flush it), then the sheet committed. Reports of several sheets repeated these steps
 * once per sheet; a sheet written here is the same sheet those steps wrote.
 */
import type ExcelJS from 'exceljs';

export function writeSheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: Partial<ExcelJS.Column>[],
  rows: Iterable<Record<string, unknown>>,
): void {
  const sheet = wb.addWorksheet(name);
  sheet.columns = columns;
  for (const r of rows) sheet.addRow(r).commit();
  sheet.commit();
}
