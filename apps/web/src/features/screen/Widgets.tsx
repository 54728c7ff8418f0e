/** The widgets of a big screen, each in its panel at its grid place, drawn from the data the server sent for it. */
import dayjs from 'dayjs';
import { createContext, lazy, Suspense, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlacedWidget, ScreenCode, WidgetDataMap } from '../../api/screen';
import { EChart } from '../../components/charts/EChart';
import { ProcessDiagram } from '../../components/charts/ProcessDiagram';
import { boxOf } from './grid';
import { Kpi, Panel } from './Panel';
import { supplyOption } from './supplyOption';

// the map library is large: the network map loads after the rest of the screen has painted
const ScreenMap = lazy(() => import('./ScreenMap'));

/** which screen is shown and, opened by a share link, its token (the map reads its basemap through the link) */
export const ScreenSource = createContext<{ code: ScreenCode; token: string | null }>({
  code: 'overview',
  token: null,
});

export const fmt = (v: number | null | undefined, d = 0) =>
  v == null ? '--' : v.toLocaleString('zh-CN', { maximumFractionDigits: d });

const KPI_UNIT: Record<string, string | undefined> = {
  supplyToday: 'm³',
  vsPlan: '%',
  pressureRate: '%',
  qualityRate: '%',
  patrolRate: '%',
};
const KPI_TESTID: Record<string, string> = {
  supplyToday: 'kpi-supply',
  pressureRate: 'kpi-pressure',
  qualityRate: 'kpi-quality',
  openAlarms: 'kpi-alarms',
};
const row = { fontSize: 17, padding: '6px 0', borderBottom: '1px dashed #1d4f91' };
const muted = { fontSize: 18, color: '#8fa8cc' };

function Kpis({ data }: { data: WidgetDataMap['kpis'] }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', justifyContent: 'space-around', alignItems: 'center', height: '100%' }}>
      {Object.entries(data).map(([k, v]) => (
        <Kpi
          key={k}
          label={t(`screen.kpis.${k}`)}
          value={fmt(v, KPI_UNIT[k] === '%' ? 1 : 0)}
          unit={KPI_UNIT[k]}
          testId={KPI_TESTID[k]}
        />
      ))}
    </div>
  );
}

function Supply({ data, height }: { data: WidgetDataMap['supply']; height: number }) {
  const { t } = useTranslation();
  const option = useMemo(() => supplyOption(data, { plan: t('screen.plan'), actual: t('screen.actual') }), [data, t]);
  return <EChart option={option} height={height} testId="screen-supply" />;
}

function Nrw({ data, height }: { data: WidgetDataMap['nrw']; height: number }) {
  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 110, right: 40, top: 10, bottom: 30 },
      xAxis: {
        type: 'value',
        name: '%',
        axisLabel: { color: '#8fa8cc' },
        splitLine: { lineStyle: { color: '#133766' } },
      },
      yAxis: { type: 'category', data: data.map((r) => r.dmaName), axisLabel: { color: '#d6e4ff', fontSize: 14 } },
      series: [{ type: 'bar', data: data.map((r) => Number(r.nrwRate.toFixed(1))), itemStyle: { color: '#ff7a45' } }],
    }),
    [data],
  );
  return <EChart option={option} height={height} testId="screen-nrw" />;
}

const rateColor = (r: number | null) => ((r ?? 0) >= 95 ? '#73d13d' : '#ffa940');

function Rates({
  rows,
  rate,
  label,
}: {
  rows: { key: string; name: string; rate: number | null; note?: string }[];
  rate: number | null;
  label: string;
}) {
  return (
    <table style={{ width: '100%', fontSize: 18, borderSpacing: 0 }}>
      <tbody>
        <tr>
          <td style={{ padding: '4px 0', color: '#8fa8cc' }}>{label}</td>
          <td style={{ textAlign: 'right', fontSize: 24, color: rateColor(rate) }}>{fmt(rate, 1)}%</td>
        </tr>
        {rows.map((p) => (
          <tr key={p.key}>
            <td style={{ padding: '4px 0' }}>
              {p.name}
              {p.note && <span style={{ color: '#8fa8cc', fontSize: 14, marginLeft: 8 }}>{p.note}</span>}
            </td>
            <td style={{ textAlign: 'right', color: rateColor(p.rate) }}>{fmt(p.rate, 1)}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Alarms({ data }: { data: WidgetDataMap['alarms'] }) {
  const { t } = useTranslation();
  return (
    <>
      <div style={{ ...muted, marginBottom: 6 }}>
        {t('screen.openAlarms')} <b style={{ color: '#ff7875' }}>{data.open}</b> · {t('screen.openRepairs')}{' '}
        <b style={{ color: '#ffa940' }}>{data.repairs}</b>
      </div>
      {data.latest.length === 0 ? (
        <div style={muted}>{t('screen.noAlarms')}</div>
      ) : (
        data.latest.map((a) => (
          <div key={a.id} style={{ ...row, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            <span style={{ color: a.alarmLevel >= 3 ? '#ff4d4f' : '#ffa940', marginRight: 8 }}>●</span>
            {a.title}
          </div>
        ))
      )}
    </>
  );
}

function Patrol({ data }: { data: WidgetDataMap['patrol'] }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', justifyContent: 'space-around', alignItems: 'center', height: '100%' }}>
      <Kpi label={t('screen.kpis.patrolRate')} value={fmt(data.rate, 1)} unit="%" testId="patrol-rate" />
      <Kpi label={t('screen.patrolChecked')} value={`${data.checked}/${data.objects}`} />
      <Kpi label={t('screen.patrolTasks')} value={`${data.finished}/${data.tasks}`} />
    </div>
  );
}

function Orders({ data }: { data: WidgetDataMap['orders'] }) {
  const { t } = useTranslation();
  if (!data.length) return <div style={muted}>{t('screen.noOrders')}</div>;
  return (
    <>
      {data.map((o) => (
        <div key={o.id} style={row}>
          <span style={{ color: o.state === 'issued' ? '#ffa940' : '#69b1ff', marginRight: 8 }}>
            {t(`dispatch.states.${o.state}`)}
          </span>
          {o.stnm} · {o.code} · {dayjs(o.issuedAt).format('HH:mm')}
        </div>
      ))}
    </>
  );
}

/** The content of one widget sized to its panel (width and height of the content area in stage pixels). */
function Content({ w, width, height }: { w: PlacedWidget; width: number; height: number }) {
  const { t } = useTranslation();
  const source = useContext(ScreenSource);
  switch (w.widget) {
    case 'kpis':
      return <Kpis data={w.data} />;
    case 'supply':
      return <Supply data={w.data} height={height} />;
    case 'nrw':
      return <Nrw data={w.data} height={height} />;
    case 'map':
      return (
        <Suspense fallback={null}>
          <ScreenMap data={w.data} width={width} height={height} code={source.code} token={source.token} />
        </Suspense>
      );
    case 'pressure':
      return (
        <Rates
          label={t('screen.kpis.pressureRate')}
          rate={w.data.rate}
          rows={w.data.points.map((p) => ({
            key: p.stcd,
            name: p.stnm,
            rate: p.rate,
            note: `${p.band.min}–${p.band.max} MPa`,
          }))}
        />
      );
    case 'quality':
      return (
        <Rates
          label={t('screen.kpis.qualityRate')}
          rate={w.data.rate}
          rows={w.data.indicators.map((i) => ({ key: i.indicatorCode, name: i.indicatorName, rate: i.rate }))}
        />
      );
    case 'alarms':
      return <Alarms data={w.data} />;
    case 'patrol':
      return <Patrol data={w.data} />;
    case 'diagram':
      return (
        <div style={{ height: '100%', overflow: 'hidden' }}>
          <ProcessDiagram diagram={w.data} positions={{}} dark />
        </div>
      );
    case 'orders':
      return <Orders data={w.data} />;
  }
}

export function WidgetPanel({ w }: { w: PlacedWidget }) {
  const { t } = useTranslation();
  const box = boxOf(w);
  const title =
    w.widget === 'supply' && w.data.name
      ? `${t('screen.widgets.supply')} · ${w.data.name}`
      : t(`screen.widgets.${w.widget}`);
  // the panel's title bar is 46 px and its padding 12 px each side
  return (
    <Panel title={title} style={box} testId={`widget-${w.widget}`}>
      <Content w={w} width={box.width - 24} height={box.height - 46 - 24} />
    </Panel>
  );
}

export function LayoutScreen({ widgets }: { widgets: PlacedWidget[] }) {
  return (
    <>
      {widgets.map((w) => (
        // widgets never overlap: the top-left cell identifies one
        <WidgetPanel key={`${w.x}-${w.y}`} w={w} />
      ))}
    </>
  );
}
