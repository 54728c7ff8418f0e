/**
 * The monitoring history panel (spec 1 §2.13, §4, §8, §9): time selector (custom range with presets, or 2–3 periods
 * compared), curve settings, data-category buttons (RAIN by default, WATER_REGIMEN, and the network types a station
 * has), curve/bar/table views and export. It reloads when the device, type, time, settings or view change; a reply
 * without points warns 数据为空！ and empties chart and table.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Radio, Space, Spin, Table, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monitorApi, type Station } from '../../api/monitor';
import { HistoryChart } from '../../components/charts/HistoryChart';
import { initialTimeRange, TimeRangeSelector } from '../../components/widgets';
import { type CurveSettings, curveSettingsForDimension, DEFAULT_CURVE_SETTINGS } from '../../lib/curveSettings';
import { saveBlob } from '../../lib/download';
import {
  buildChartOption,
  buildHistoryQuery,
  buildTableRows,
  type ChartView,
  hasData,
  serialOf,
  TABLE_PAGE_SIZE,
  VIEWS,
} from '../../lib/monitorHistory';
import type { TimeRangeValue } from '../../lib/timeRange';
import { usePermission } from '../../stores/session';
import { CurveSettingsPanel } from './CurveSettingsPanel';

/** Time field of each data type (spec 1 §3: RAIN → hour, WATER_REGIMEN → mot; SL 323 tm for the network). */
export const TIME_FIELDS: Record<string, string> = { RAIN: 'hour', WATER_REGIMEN: 'mot' };
const timeFieldOf = (type: string) => TIME_FIELDS[type] ?? 'tm';

/** The station's data types, RAIN and WATER_REGIMEN first (the panel's default is RAIN). */
export function typesOf(station: Pick<Station, 'monitorTypes'>): string[] {
  const order = ['RAIN', 'WATER_REGIMEN', 'WATER_SUPPLY', 'PRESSURE', 'FLOW', 'WATER_QUALITY'];
  return [...station.monitorTypes].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/**
 * Water-level stations (SL 323 ZZ river level, TT tide level): level is what they are for. The hydrological
 * stations (ZQ, RR, DD) also gauge rain and keep the spec's default RAIN.
 */
const LEVEL_STATIONS = new Set(['ZZ', 'TT']);

/**
 * The data type a station's chart opens on: the spec's default RAIN, but 水位 for a water-level station
 * (issue 24: a river level station opened on its rain), else the first type it has.
 */
export function defaultTypeOf(station: Pick<Station, 'monitorTypes' | 'sttp'>): string {
  const types = typesOf(station);
  if (LEVEL_STATIONS.has(station.sttp) && types.includes('WATER_REGIMEN')) return 'WATER_REGIMEN';
  if (types.includes('RAIN')) return 'RAIN';
  return types[0] ?? 'RAIN';
}

export interface HistoryPanelProps {
  station: Station;
  /** warn 数据为空！ when a reply has no points (spec 1 §8: when messages are enabled) */
  showMessage?: boolean;
}

export function HistoryPanel({ station, showMessage = true }: HistoryPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canExport = usePermission('monitor_station_export');
  const types = typesOf(station);
  const [type, setType] = useState<string>(() => defaultTypeOf(station));
  const [range, setRange] = useState<TimeRangeValue>(initialTimeRange);
  const [settings, setSettings] = useState<CurveSettings>(DEFAULT_CURVE_SETTINGS);
  const [view, setView] = useState<ChartView>('curve');
  const [exporting, setExporting] = useState(false);

  const fields = useMemo(
    () => station.fields.filter((f) => f.monitorType === type).map((f) => f.field),
    [station, type],
  );
  const fieldName = useCallback(
    (field: string, fallback: string) => t(`monitor.field.${field}`, { defaultValue: fallback }),
    [t],
  );
  const query = useMemo(
    () => buildHistoryQuery(station, type, fields, timeFieldOf(type), range, settings),
    [station, type, fields, range, settings],
  );
  const queryText = JSON.stringify(query);
  // the table page belongs to one query: a new query starts again at page 1
  const [paged, setPaged] = useState({ query: queryText, page: 1 });
  const page = paged.query === queryText ? paged.page : 1;
  const setPage = (p: number) => setPaged({ query: queryText, page: p });

  const { data, isFetching, isError } = useQuery({
    queryKey: ['monitor', 'his', query, view],
    queryFn: ({ signal }) => monitorApi.history(query, signal),
    staleTime: 0,
    gcTime: 60_000,
    // the last answer stays on screen while the next one loads
    placeholderData: (previous) => previous,
  });
  const shown = isError ? undefined : data;

  const warned = useRef<unknown>(null);
  useEffect(() => {
    if (!data || isFetching || warned.current === data) return;
    warned.current = data;
    if (!hasData(data) && showMessage) void message.warning(t('monitor.empty'));
  }, [data, isFetching, message, showMessage, t]);

  const option = useMemo(
    () => (hasData(shown) ? buildChartOption(shown, view, { fieldName }) : null),
    [shown, view, fieldName],
  );
  const table = useMemo(() => buildTableRows(shown, fieldName), [shown, fieldName]);

  function changeRange(next: TimeRangeValue) {
    // choosing a period dimension sets the curve settings (DAY → no thinning 30M; MONTH/YEAR → thinning 12H)
    if (next.major === 'period' && (range.major !== 'period' || range.dimension !== next.dimension)) {
      setSettings((s) => curveSettingsForDimension(s, next.dimension));
    }
    setRange(next);
  }

  async function exportXlsx() {
    setExporting(true);
    try {
      const typeName = t(`monitor.types.${type}`);
      const { blob, fileName } = await monitorApi.exportHistory({
        ...query,
        fileName: `${station.stnm}${typeName}${t('monitor.history')}`,
      });
      saveBlob(blob, fileName);
      void message.success(t('monitor.exported', { name: fileName }));
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setExporting(false);
    }
  }

  const answered = shown?.querySetting.dataDilute?.window;
  const widened = settings.dilute && answered && answered !== settings.window;
  const removed = shown?.series.reduce((n, s) => n + s.removed, 0) ?? 0;

  return (
    <div data-testid="history-panel">
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <TimeRangeSelector value={range} onChange={changeRange} />
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              value={type}
              onChange={(e) => setType(e.target.value)}
              options={types.map((x) => ({ value: x, label: t(`monitor.types.${x}`) }))}
              data-testid="monitor-types"
            />
            <Radio.Group
              optionType="button"
              value={view}
              onChange={(e) => setView(e.target.value)}
              options={VIEWS.map((v) => ({ value: v, label: t(`monitor.view.${v}`) }))}
              data-testid="monitor-views"
            />
          </Space>
          <Space wrap>
            <CurveSettingsPanel value={settings} onChange={setSettings} />
            {canExport && (
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportXlsx} data-testid="monitor-export">
                {t('monitor.export')}
              </Button>
            )}
          </Space>
        </Space>
        {(widened || removed > 0) && (
          <Space size={16}>
            {widened && (
              <Alert type="info" showIcon title={t('monitor.widened', { window: t(`monitor.windows.${answered}`) })} />
            )}
            {removed > 0 && (
              <Typography.Text type="secondary" data-testid="monitor-removed">
                {t('monitor.removed', { n: removed })}
              </Typography.Text>
            )}
          </Space>
        )}
        <Spin spinning={isFetching}>
          {view === 'table' ? (
            <Table
              size="small"
              rowKey="key"
              data-testid="monitor-table"
              dataSource={table.rows}
              locale={{ emptyText: t('monitor.noData') }}
              pagination={{
                current: page,
                pageSize: TABLE_PAGE_SIZE,
                size: 'small',
                showSizeChanger: false,
                onChange: setPage,
              }}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: t('monitor.serial'), key: 'serial', width: 70, render: (_v, _r, i) => serialOf(i, page) },
                {
                  title: shown?.contemporaneous ? t('monitor.alignedTime') : t('monitor.time'),
                  dataIndex: 'time',
                  width: 180,
                },
                ...table.columns.map((c) => ({
                  title: c.title,
                  dataIndex: c.key,
                  key: c.key,
                  render: (v: number | null) => v ?? '-',
                })),
              ]}
            />
          ) : (
            <HistoryChart option={option} />
          )}
        </Spin>
      </Space>
    </div>
  );
}
