/**
 * 站点监测 (supply-monitoring area): the utility's monitoring stations with their latest values and state, filterable
 * by name or code, type, data type and state, refreshed every minute and when new points arrive (live channel, at
 * most every 2 s). A station opens the detail dialog with its history panel. 模拟数据 switches a station's simulator
 * off (a real device takes it over) or on again (button monitor_station_simulate).
 */
import { ReloadOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, type FormInstance, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_POINTS, monitorApi, type Station, type StationState } from '../../api/monitor';
import { CrudPagination, DEFAULT_PAGE_SIZE } from '../../components/crud';
import { useLiveEvent } from '../../lib/useLiveEvent';
import { usePermission } from '../../stores/session';
import { STATE_BADGE, stationColumns } from './columns';
import { SeriesImportDialog } from './import/SeriesImportDialog';
import { StationImportDialog } from './import/StationImportDialog';
import { StationDialog } from './StationDialog';
import { codeLabel, supplyLabel } from './stationType';

const STATES = Object.keys(STATE_BADGE) as StationState[];
const TYPES = ['RAIN', 'WATER_REGIMEN', 'WATER_SUPPLY', 'PRESSURE', 'FLOW', 'WATER_QUALITY'];
export const REFRESH_MS = 60_000;

interface Filters {
  keyword?: string;
  sttp?: string;
  monitorType?: string;
  state?: string;
}

/** The station types and the page of stations: refreshed every minute and when new points arrive. */
function useStations(filters: Filters, paging: { current: number; size: number }) {
  const dict = useQuery({
    queryKey: ['monitor', 'dict'],
    queryFn: monitorApi.dict,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const params = {
    current: paging.current,
    size: paging.size,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.sttp ? { sttp_equal: filters.sttp } : {}),
    ...(filters.monitorType ? { monitorType: filters.monitorType } : {}),
    ...(filters.state ? { state: filters.state } : {}),
  };
  const page = useQuery({
    queryKey: ['monitor', 'stations', params],
    queryFn: () => monitorApi.stationPage(params),
    refetchInterval: REFRESH_MS,
    placeholderData: (previous) => previous,
  });

  useLiveEvent(LIVE_POINTS, () => void page.refetch());
  return { dict, page };
}

/** The filters: name or code, station type, monitoring type and state. */
function StationSearch({
  form,
  stationTypes,
  onSearch: search,
}: {
  form: FormInstance<Filters>;
  stationTypes: { code: string; name: string }[];
  onSearch(v: Filters): void;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" style={{ marginBottom: 12 }}>
      <Form form={form} layout="inline" onFinish={search} data-testid="station-search">
        <Form.Item name="keyword" label={t('monitor.keyword')}>
          <Input allowClear style={{ width: 180 }} data-testid="station-keyword" />
        </Form.Item>
        <Form.Item name="sttp" label={t('monitor.sttp')}>
          <Select
            allowClear
            style={{ width: 160 }}
            options={stationTypes.map((s) => ({
              value: s.code,
              label: `${supplyLabel(t, s.code, s.name)}（${codeLabel(t, s.code, s.name)}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="monitorType" label={t('monitor.monitorType')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={TYPES.map((x) => ({ value: x, label: t(`monitor.types.${x}`) }))}
          />
        </Form.Item>
        <Form.Item name="state" label={t('monitor.state')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={STATES.map((x) => ({ value: x, label: t(`monitor.states.${x}`) }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="station-search-submit">
              {t('monitor.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {t('monitor.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** 导入站点, 导入数据 and 刷新 over the table. */
function StationToolbar({
  canImport,
  onImportStations,
  onImportSeries,
  onRefresh,
}: {
  canImport: boolean;
  onImportStations(): void;
  onImportSeries(): void;
  onRefresh(): void;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      {canImport && (
        <Button size="small" icon={<UploadOutlined />} onClick={onImportStations} data-testid="station-import">
          {t('button.importStations')}
        </Button>
      )}
      {canImport && (
        <Button size="small" icon={<UploadOutlined />} onClick={onImportSeries} data-testid="series-import">
          {t('button.importSeries')}
        </Button>
      )}
      <Button size="small" icon={<ReloadOutlined />} onClick={onRefresh}>
        {t('monitor.refresh')}
      </Button>
    </Space>
  );
}

/** 导入站点 and 导入数据: either closes on cancel; an applied import closes and reloads the list. */
function ImportDialogs(p: { stations: boolean; series: boolean; onClose(): void; onApplied(): void }) {
  const applied = () => {
    p.onClose();
    p.onApplied();
  };
  return (
    <>
      <StationImportDialog open={p.stations} onClose={p.onClose} onApplied={applied} />
      <SeriesImportDialog open={p.series} onClose={p.onClose} onApplied={applied} />
    </>
  );
}

export default function StationPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ current: 1, size: DEFAULT_PAGE_SIZE.default });
  const [open, setOpen] = useState<Station | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const { message } = App.useApp();
  const canSimulate = usePermission('monitor_station_simulate');
  const [importing, setImporting] = useState(false);
  const [importingStations, setImportingStations] = useState(false);
  const canImport = usePermission('monitor_series_import');

  const { dict, page } = useStations(filters, paging);

  const setSimulated = async (r: Station, on: boolean) => {
    setSwitching(r.id);
    try {
      await monitorApi.setSimulated(r.id, on);
      message.success(t(on ? 'monitor.simulatedOn' : 'monitor.simulatedOff'));
      await page.refetch();
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setSwitching(null);
    }
  };

  const search = (v: Filters) => {
    setFilters(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')) as Filters);
    setPaging((p) => ({ ...p, current: 1 }));
  };
  const stationTypes = dict.data?.stationTypes ?? [];
  const records = page.data?.records ?? [];

  return (
    <div data-testid="station-page">
      <ImportDialogs
        stations={importingStations}
        series={importing}
        onClose={() => {
          setImportingStations(false);
          setImporting(false);
        }}
        onApplied={() => void page.refetch()}
      />
      <StationSearch form={form} stationTypes={stationTypes} onSearch={search} />
      <Card
        size="small"
        title={
          <Space>
            {t('monitor.title')}
            {/* the count once the list has answered: "共 0 个站点" while it loads would say there are none */}
            {page.data && (
              <Typography.Text type="secondary">{t('monitor.stations', { n: page.data.total })}</Typography.Text>
            )}
          </Space>
        }
        extra={
          <StationToolbar
            canImport={canImport}
            onImportStations={() => setImportingStations(true)}
            onImportSeries={() => setImporting(true)}
            onRefresh={() => void page.refetch()}
          />
        }
      >
        <Table<Station>
          size="small"
          rowKey="id"
          loading={page.isFetching && !page.data}
          dataSource={records}
          pagination={false}
          data-testid="station-table"
          scroll={{ x: 'max-content' }}
          onRow={(r) => ({ onDoubleClick: () => setOpen(r) })}
          columns={stationColumns({
            t,
            offset: (paging.current - 1) * paging.size,
            canSimulate,
            switching,
            onOpen: setOpen,
            onSimulated: (r, on) => void setSimulated(r, on),
          })}
        />
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 12 }}>
          <CrudPagination
            variant="default"
            current={paging.current}
            size={paging.size}
            total={page.data?.total ?? 0}
            onChange={(current, size) => setPaging({ current, size })}
          />
        </div>
      </Card>
      <StationDialog station={open} onClose={() => setOpen(null)} />
    </div>
  );
}
