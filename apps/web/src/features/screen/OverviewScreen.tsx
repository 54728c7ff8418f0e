/** 运营总览: supply against plan, pressure compliance, alarms and repairs, patrol, NRW by DMA and the map. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverviewData } from '../../api/screen';
import { Chart } from '../dma/Chart';
import { Kpi, Panel } from './Panel';
import { StationMap } from './StationMap';
import { supplyOption } from './supplyOption';

const fmt = (v: number | null | undefined, d = 0) =>
  v == null ? '--' : v.toLocaleString('zh-CN', { maximumFractionDigits: d });

export function OverviewScreen({ data }: { data: OverviewData }) {
  const { t } = useTranslation();
  const supply = useMemo(
    () => supplyOption(data.supply, { plan: t('screen.plan'), actual: t('screen.actual') }),
    [data.supply, t],
  );
  const nrw = useMemo(
    () => ({
      animation: false,
      grid: { left: 110, right: 40, top: 10, bottom: 30 },
      xAxis: {
        type: 'value',
        name: '%',
        axisLabel: { color: '#8fa8cc' },
        splitLine: { lineStyle: { color: '#133766' } },
      },
      yAxis: { type: 'category', data: data.nrw.map((r) => r.dmaName), axisLabel: { color: '#d6e4ff', fontSize: 14 } },
      series: [
        { type: 'bar', data: data.nrw.map((r) => Number(r.nrwRate.toFixed(1))), itemStyle: { color: '#ff7a45' } },
      ],
    }),
    [data.nrw],
  );
  const vsPlan = data.supply.planSoFar ? (data.supply.actualSoFar / data.supply.planSoFar) * 100 : null;
  return (
    <>
      <Panel title={t('screen.kpi')} style={{ left: 30, top: 100, width: 1860, height: 150 }} testId="panel-kpi">
        <div style={{ display: 'flex', justifyContent: 'space-around' }}>
          <Kpi label={t('screen.supplyToday')} value={fmt(data.supply.actualSoFar)} unit="m³" testId="kpi-supply" />
          <Kpi label={t('screen.vsPlan')} value={fmt(vsPlan, 1)} unit="%" />
          <Kpi label={t('screen.pressureRate')} value={fmt(data.pressure.rate, 1)} unit="%" testId="kpi-pressure" />
          <Kpi label={t('screen.openAlarms')} value={fmt(data.alarms.open)} testId="kpi-alarms" />
          <Kpi label={t('screen.openRepairs')} value={fmt(data.repairs)} />
          <Kpi label={t('screen.patrol')} value={fmt(data.patrol.rate, 1)} unit="%" />
        </div>
      </Panel>
      <Panel title={t('screen.supplyChart')} style={{ left: 30, top: 265, width: 560, height: 390 }}>
        <Chart option={supply} height={320} testId="screen-supply" />
      </Panel>
      <Panel title={t('screen.map')} style={{ left: 610, top: 265, width: 700, height: 800 }}>
        <StationMap data={data} width={676} height={740} />
      </Panel>
      <Panel title={t('screen.nrw')} style={{ left: 30, top: 670, width: 560, height: 395 }}>
        <Chart option={nrw} height={330} testId="screen-nrw" />
      </Panel>
      <Panel title={t('screen.pressure')} style={{ left: 1330, top: 265, width: 560, height: 330 }}>
        <table style={{ width: '100%', fontSize: 18, borderSpacing: 0 }}>
          <tbody>
            {data.pressure.points.slice(0, 7).map((p) => (
              <tr key={p.stcd}>
                <td style={{ padding: '6px 0' }}>{p.stnm}</td>
                <td style={{ textAlign: 'right', color: (p.rate ?? 0) >= 95 ? '#73d13d' : '#ffa940' }}>
                  {fmt(p.rate, 1)}%
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
      <Panel title={t('screen.alarms')} style={{ left: 1330, top: 610, width: 560, height: 455 }} testId="panel-alarms">
        {data.alarms.latest.length === 0 ? (
          <div style={{ fontSize: 18, color: '#8fa8cc' }}>{t('screen.noAlarms')}</div>
        ) : (
          data.alarms.latest.slice(0, 9).map((a) => (
            <div
              key={a.id}
              style={{
                fontSize: 17,
                padding: '6px 0',
                borderBottom: '1px dashed #1d4f91',
                whiteSpace: 'nowrap',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
              }}
            >
              <span style={{ color: a.alarmLevel >= 3 ? '#ff4d4f' : '#ffa940', marginRight: 8 }}>●</span>
              {a.title}
            </div>
          ))
        )}
      </Panel>
    </>
  );
}
