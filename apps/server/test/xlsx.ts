/** The import suites' way of sending a sheet: fill the screen's template, upload it as the import screens do. */
import ExcelJS from 'exceljs';
import FormData from 'form-data';
import { expect } from 'vitest';
import { basic, type TestApp } from './harness.ts';

export type Cell = string | number | null;

/** The template downloaded from `url` (it must answer 200) with `rows` added to its first sheet. */
export async function filledTemplate(t: TestApp, url: string, rows: Cell[][]): Promise<Buffer> {
  const tpl = await t.get(url);
  expect(tpl.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Posts `buf` as the form's `file` (named `filename`) with `fields`, as the signed-in user of `t`. */
export async function uploadXlsx(
  t: TestApp,
  url: string,
  buf: Buffer,
  fields: Record<string, string>,
  filename: string,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', buf, { filename });
  return t.call({
    method: 'POST',
    url,
    headers: { ...form.getHeaders(), authorization: basic(), 'blade-auth': `bearer ${t.token}` },
    payload: form.getBuffer(),
  });
}

/**
 * Posts `buf` as the multipart `file`, an .xlsx workbook named `filename` (as avue-upload sends it), with `query` in
 * the query string, under `headers` (the caller's client and token).
 */
export function postXlsx(
  t: Pick<TestApp, 'call'>,
  url: string,
  buf: Buffer,
  filename: string,
  query: Record<string, string> | undefined,
  headers: Record<string, string>,
) {
  const form = new FormData();
  form.append('file', buf, {
    filename,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  return t.call({
    method: 'POST',
    url,
    query,
    headers: { ...form.getHeaders(), ...headers },
    payload: form.getBuffer(),
  });
}

/**
 * A dry run's answer (the import suites): the rows it would write, as `key:action` with the key read from each row's
 * field `keyField`, are `rows`; the rows it refused, as [row number, reason], are `rejected`.
 */
export function expectDryRun(
  dry: { rows: Record<string, unknown>[]; rejected: { row: number; reason: string }[] },
  keyField: string,
  rows: string[],
  rejected: unknown[][],
) {
  expect(dry.rows.map((r) => `${r[keyField]}:${r.action}`)).toEqual(rows);
  expect(dry.rejected.map((r) => [r.row, r.reason])).toEqual(rejected);
}
