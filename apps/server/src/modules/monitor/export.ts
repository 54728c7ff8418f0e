/**
 * `export-his`: the history query's answer as an xlsx workbook, written with exceljs' streaming writer straight
 * into the reply. Sheet 历史数据 holds one row per time (or per position within the period when periods are
 * compared) and one column per series; sheet 统计 holds each series' summary and the alarm thresholds.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { HistoryResult } from './service.ts';

export const DEFAULT_EXPORT_NAME = '数据导出.xlsx';

/** A safe file name ending in .xlsx (no path separators or control characters). */
export function exportFileName(wanted?: string): string {
  let name = [...(wanted ?? '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && !'\\/:*?"<>|'.includes(c))
    .join('')
    .trim();
  if (!name) return DEFAULT_EXPORT_NAME;
  if (!/\.xlsx$/i.test(name)) name += '.xlsx';
  if (name.length > 120) name = `${name.slice(0, 115)}.xlsx`;
  return name;
}

interface Column {
  header: string;
  key: string;
  pick: 'value' | 'min' | 'max';
}

/** Starts writing the workbook into a stream and returns it (errors destroy the stream). */
export function historyWorkbook(data: HistoryResult): PassThrough {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'SWP Console';
  wb.created = new Date();
  const compare = !!data.contemporaneous;

  const columns: Column[] = [];
  for (const s of data.series) {
    const unit = s.unit ? `(${s.unit})` : '';
    const base = compare ? `${s.date} ${s.name}${unit}` : `${s.name}${unit}`;
    columns.push({ header: base, key: s.key, pick: 'value' });
    if (s.window) {
      columns.push({ header: `${base} 最小值`, key: s.key, pick: 'min' });
      columns.push({ header: `${base} 最大值`, key: s.key, pick: 'max' });
    }
  }

  // rows keyed by time (or by the position within the period)
  const rows = new Map<string, Map<string, { value: number; min?: number; max?: number }>>();
  for (const s of data.series) {
    for (const p of data.statistics[s.key] ?? []) {
      const k = compare ? (p.axis ?? p.time) : p.time;
      let row = rows.get(k);
      if (!row) {
        row = new Map();
        rows.set(k, row);
      }
      row.set(s.key, p);
    }
  }
  const keys = [...rows.keys()].sort();

  void (async () => {
    const sheet = wb.addWorksheet('历史数据', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [
      { header: '序号', key: 'no', width: 8 },
      { header: compare ? '时间(对齐)' : '时间', key: 'time', width: 21 },
      ...columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: Math.max(14, c.header.length * 2) })),
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let no = 0;
    for (const k of keys) {
      const row = rows.get(k) as Map<string, { value: number; min?: number; max?: number }>;
      const values: Record<string, unknown> = { no: ++no, time: k };
      columns.forEach((c, i) => {
        const p = row.get(c.key);
        const v = p ? p[c.pick] : undefined;
        values[`c${i}`] = v ?? null;
      });
      sheet.addRow(values).commit();
    }
    await sheet.commit();

    const stats = wb.addWorksheet('统计');
    stats.columns = [
      { header: '序列', key: 'key', width: 22 },
      { header: '监测项', key: 'name', width: 14 },
      { header: '单位', key: 'unit', width: 8 },
      { header: '抽稀窗口', key: 'window', width: 10 },
      { header: '点数', key: 'count', width: 8 },
      { header: '剔除异常值', key: 'removed', width: 12 },
      { header: '最小值', key: 'min', width: 12 },
      { header: '最大值', key: 'max', width: 12 },
      { header: '平均值', key: 'avg', width: 12 },
      { header: '累计值', key: 'sum', width: 12 },
    ];
    stats.getRow(1).font = { bold: true };
    stats.getRow(1).commit();
    for (const s of data.series) {
      stats
        .addRow({
          key: s.key,
          name: s.name,
          unit: s.unit,
          window: s.window ?? '原始数据',
          count: s.count,
          removed: s.removed,
          min: s.min,
          max: s.max,
          avg: s.avg,
          sum: s.sum,
        })
        .commit();
    }
    stats.addRow({}).commit();
    stats.addRow({ key: '站点', name: `${data.stnm}(${data.stcd})` }).commit();
    if (data.startTime) stats.addRow({ key: '时间范围', name: `${data.startTime} 至 ${data.endTime}` }).commit();
    for (const a of data.alarmThreshold) stats.addRow({ key: `${a.name}(m)`, name: a.value }).commit();
    await stats.commit();
    await wb.commit();
  })().catch((err) => out.destroy(err));
  return out;
}
