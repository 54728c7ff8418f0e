/**
 * `export`: the alarm list (same filters as the list) as an xlsx workbook, written with exceljs' streaming writer
 * straight into the reply, a thousand rows at a time; parameters are checked before the first byte.
 */
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { formatDateTime } from '../../core/time.ts';
import { xlsxStream } from '../../core/xlsx-stream.ts';
import { alarmRows } from './service.ts';

export const EXPORT_NAME = '报警信息.xlsx';

export const EXPORT_COLUMNS = [
  { header: '序号', key: 'no', width: 8 },
  { header: '报警类型', key: 'alarmTypeName', width: 12 },
  { header: '报警级别', key: 'alarmLevelName', width: 10 },
  { header: '报警标题', key: 'title', width: 34 },
  { header: '报警内容', key: 'content', width: 60 },
  { header: '设备编号', key: 'deviceCode', width: 16 },
  { header: '设备名称', key: 'deviceName', width: 22 },
  { header: '设备类型', key: 'deviceTypeName', width: 10 },
  { header: '所属分区', key: 'dmaName', width: 18 },
  { header: '报警值', key: 'alarmValue', width: 12 },
  { header: '限值', key: 'limitValue', width: 12 },
  { header: '单位', key: 'unit', width: 8 },
  { header: '报警时间', key: 'alarmTime', width: 21 },
  { header: '最近报警时间', key: 'lastTime', width: 21 },
  { header: '报警次数', key: 'occurrences', width: 10 },
  { header: '状态', key: 'alarmStatusName', width: 10 },
  { header: '关闭人', key: 'closeUserName', width: 12 },
  { header: '关闭时间', key: 'closeTime', width: 21 },
  { header: '关闭原因', key: 'closeReason', width: 40 },
];

const when = (d: Date | null) => (d ? formatDateTime(d) : null);

/**
 * The workbook as a stream; its first rows are read before it returns, so a bad filter or sort (`ascs=nope`) is
 * thrown here and answered 400 before any byte is sent (core/xlsx-stream.ts).
 */
export function alarmWorkbook(ctx: AppContext, tenantId: string, q: Record<string, unknown>, extra: SQL[] = []) {
  return xlsxStream({
    sheet: '报警信息',
    columns: EXPORT_COLUMNS,
    header: true,
    rows: alarmRows(ctx, tenantId, q, extra),
    cells: (r, no) => ({
      ...r,
      no,
      alarmTime: when(r.alarmTime),
      lastTime: when(r.lastTime),
      closeTime: when(r.closeTime),
    }),
  });
}
