/**
 * 水质月报 (docs/quality.md): what a utility publishes each month — the points sampled, the samples taken, the
 * indicators tested and the compliance (合格率) of each indicator and each point from the laboratory results, and
 * the online stations' compliance over the month — as data and as an xlsx workbook. Everything is computed before
 * the workbook starts, so a bad month or a failure answers JSON, never half a file.
 */
import { PassThrough } from 'node:stream';
import { asc, gte, lt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { writeSheet } from '../../core/xlsx-sheet.ts';
import { rateOf } from './limits.ts';
import { onlineCompliance, periodBounds } from './online.ts';
import { qualityResult } from './schema.ts';

export async function monthlyReport(ctx: AppContext, tenantId: string, month: string) {
  const [from, to] = periodBounds('MONTH', month);
  const rows = await ctx.db
    .select()
    .from(qualityResult)
    .where(
      liveInTenant(
        qualityResult,
        tenantId,
        gte(qualityResult.sampledAt, new Date(from)),
        lt(qualityResult.sampledAt, new Date(to)),
      ),
    )
    .orderBy(asc(qualityResult.sampledAt));
  const byIndicator = new Map<
    string,
    { name: string; unit: string; limit: string; n: number; ok: number; max: number }
  >();
  const byPoint = new Map<string, { name: string; samples: Set<string>; n: number; ok: number }>();
  const samples = new Map<string, boolean>();
  for (const r of rows) {
    const i = byIndicator.get(r.indicatorCode) ?? {
      name: r.indicatorName ?? r.indicatorCode,
      unit: r.unit ?? '',
      limit: r.limitText ?? '',
      n: 0,
      ok: 0,
      max: Number.NEGATIVE_INFINITY,
    };
    i.n++;
    if (r.compliant) i.ok++;
    i.max = Math.max(i.max, r.value);
    byIndicator.set(r.indicatorCode, i);
    const p = byPoint.get(r.pointCode) ?? { name: r.pointName ?? r.pointCode, samples: new Set(), n: 0, ok: 0 };
    p.samples.add(r.sampleCode);
    p.n++;
    if (r.compliant) p.ok++;
    byPoint.set(r.pointCode, p);
    // a sample is compliant when every indicator tested in it is
    samples.set(r.sampleCode, (samples.get(r.sampleCode) ?? true) && r.compliant);
  }
  const online = await onlineCompliance(ctx, tenantId, { period: 'MONTH', date: month });
  const okSamples = [...samples.values()].filter(Boolean).length;
  return {
    month,
    summary: {
      points: byPoint.size,
      samples: samples.size,
      indicators: byIndicator.size,
      results: rows.length,
      sampleRate: rateOf(samples.size, okSamples).rate,
      resultRate: rateOf(rows.length, rows.filter((r) => r.compliant).length).rate,
    },
    indicators: [...byIndicator].map(([code, i]) => ({
      indicatorCode: code,
      indicatorName: i.name,
      unit: i.unit,
      limit: i.limit,
      max: i.max,
      ...rateOf(i.n, i.ok),
    })),
    points: [...byPoint].map(([code, p]) => ({
      pointCode: code,
      pointName: p.name,
      samples: p.samples.size,
      ...rateOf(p.n, p.ok),
    })),
    online: online.stations.map(({ buckets: _b, ...s }) => s),
    failures: rows
      .filter((r) => !r.compliant)
      .map((r) => ({
        sampleCode: r.sampleCode,
        pointName: r.pointName,
        sampledAt: r.sampledAt,
        indicatorName: r.indicatorName,
        value: r.value,
        unit: r.unit,
        limit: r.limitText,
      })),
  };
}

type Report = Awaited<ReturnType<typeof monthlyReport>>;

export function reportWorkbook(rep: Report, utility: string): PassThrough {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sum: [string, string | number | null][] = [
    ['单位', utility],
    ['月份', rep.month],
    ['采样点数', rep.summary.points],
    ['水样数', rep.summary.samples],
    ['检测指标数', rep.summary.indicators],
    ['检测项次', rep.summary.results],
    ['水样合格率(%)', rep.summary.sampleRate],
    ['项次合格率(%)', rep.summary.resultRate],
    ['执行标准', 'GB 5749-2022 生活饮用水卫生标准'],
  ];
  writeSheet(
    wb,
    '概况',
    [
      { header: '项目', key: 'k', width: 24 },
      { header: '数值', key: 'v', width: 20 },
    ],
    sum.map(([k, v]) => ({ k, v })),
  );
  writeSheet(
    wb,
    '指标合格率',
    [
      { header: '指标', key: 'indicatorName', width: 24 },
      { header: '单位', key: 'unit', width: 12 },
      { header: '限值', key: 'limit', width: 12 },
      { header: '检测次数', key: 'total', width: 10 },
      { header: '合格次数', key: 'compliant', width: 10 },
      { header: '合格率(%)', key: 'rate', width: 10 },
      { header: '最大值', key: 'max', width: 10 },
    ],
    rep.indicators,
  );
  writeSheet(
    wb,
    '点位合格率',
    [
      { header: '点位编码', key: 'pointCode', width: 14 },
      { header: '点位名称', key: 'pointName', width: 24 },
      { header: '水样数', key: 'samples', width: 10 },
      { header: '检测项次', key: 'total', width: 10 },
      { header: '合格项次', key: 'compliant', width: 10 },
      { header: '合格率(%)', key: 'rate', width: 10 },
    ],
    rep.points,
  );
  writeSheet(
    wb,
    '在线监测',
    [
      { header: '站点', key: 'pointName', width: 24 },
      { header: '站码', key: 'stcd', width: 12 },
      { header: '指标', key: 'indicatorName', width: 14 },
      { header: '限值', key: 'limit', width: 12 },
      { header: '读数', key: 'total', width: 10 },
      { header: '合格读数', key: 'compliant', width: 10 },
      { header: '合格率(%)', key: 'rate', width: 10 },
    ],
    rep.online,
  );
  writeSheet(
    wb,
    '不合格项',
    [
      { header: '样品编号', key: 'sampleCode', width: 16 },
      { header: '点位', key: 'pointName', width: 24 },
      { header: '采样时间', key: 'sampledAt', width: 20 },
      { header: '指标', key: 'indicatorName', width: 16 },
      { header: '检测值', key: 'value', width: 10 },
      { header: '单位', key: 'unit', width: 10 },
      { header: '限值', key: 'limit', width: 12 },
    ],
    rep.failures,
  );
  void wb.commit();
  return out;
}
