/**
 * 站点监测 (supply-monitoring area): the utility's monitoring stations with their latest values and state, filterable
 * by name or code, type, data type and state, refreshed every minute and when new points arrive (live channel, at
 * most every 2 s). A station opens the detail dialog with its history panel. 模拟数据 switches a station's simulator
 * off (a real device takes it over) or on again (button monitor_station_simulate).
 */
import { ReloadOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Card, Form, Input, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_POINTS, monitorApi, type Station, type StationState } from '../../api/monitor';
import { CrudPagination, DEFAULT_PAGE_SIZE } from '../../components/crud';
import { useLiveEvent } from '../../lib/useLiveEvent';
import { usePermission } from '../../stores/session';
import { SeriesImportDialog } from './import/SeriesImportDialog';
import { StationImportDialog } from './import/StationImportDialog';
import { StationDialog } from './StationDialog';
import { codeLabel, StationTypeLabel, supplyLabel } from './stationType';

const STATE_BADGE: Record<StationState, 'success' | 'warning' | 'error' | 'default' | 'processing'> = {
  NORMAL: 'success',
  ALERT: 'warning',
  DANGER: 'error',
  FAULT: 'processing',
  OFFLINE: 'default',
};
const STATES = Object.keys(STATE_BADGE) as StationState[];
const TYPES = ['RAIN', 'WATER_REGIMEN', 'WATER_SUPPLY', 'PRESSURE', 'FLOW', 'WATER_QUALITY'];
export const REFRESH_MS = 60_000;

interface Filters {
  keyword?: string;
  sttp?: string;
  monitorType?: string;
  state?: string;
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
      <StationImportDialog
        open={importingStations}
        onClose={() => setImportingStations(false)}
        onApplied={() => {
          setImportingStations(false);
          void page.refetch();
        }}
      />
      <SeriesImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onApplied={() => {
          setImporting(false);
          void page.refetch();
        }}
      />
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
      <Card
        size="small"
        title={
          <Space>
            {t('monitor.title')}
            <Typography.Text type="secondary">{t('monitor.stations', { n: page.data?.total ?? 0 })}</Typography.Text>
          </Space>
        }
        extra={
          <Space>
            {canImport && (
              <Button
                size="small"
                icon={<UploadOutlined />}
                onClick={() => setImportingStations(true)}
                data-testid="station-import"
              >
                {t('button.importStations')}
              </Button>
            )}
            {canImport && (
              <Button
                size="small"
                icon={<UploadOutlined />}
                onClick={() => setImporting(true)}
                data-testid="series-import"
              >
                {t('button.importSeries')}
              </Button>
            )}
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void page.refetch()}>
              {t('monitor.refresh')}
            </Button>
          </Space>
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
          columns={[
            {
              title: t('monitor.serial'),
              key: 'serial',
              width: 60,
              render: (_v, _r, i) => (paging.current - 1) * paging.size + i + 1,
            },
            { title: t('monitor.stcd'), dataIndex: 'stcd', width: 110 },
            {
              title: t('monitor.stnm'),
              dataIndex: 'stnm',
              render: (v: string, r) => (
                <Typography.Link onClick={() => setOpen(r)} data-testid={`station-${r.stcd}`}>
                  {v}
                </Typography.Link>
              ),
            },
            {
              title: t('monitor.sttp'),
              dataIndex: 'sttp',
              width: 210,
              render: (v: string, r) => <StationTypeLabel t={t} code={v} name={r.sttpName} />,
            },
            { title: t('monitor.location'), dataIndex: 'location', width: 110 },
            {
              title: t('monitor.latest'),
              key: 'latest',
              render: (_v, r) => (
                <Space size={[4, 4]} wrap>
                  {r.latest.map((l) => (
                    <Tag key={l.field}>
                      {t(`monitor.field.${l.field}`, { defaultValue: l.name })} {l.value}
                      {l.unit ? ` ${l.unit}` : ''}
                    </Tag>
                  ))}
                </Space>
              ),
            },
            {
              title: t('monitor.latestTime'),
              dataIndex: 'latestTime',
              width: 170,
              render: (v: string | null) => v ?? '-',
            },
            {
              title: t('monitor.state'),
              dataIndex: 'state',
              width: 130,
              render: (v: StationState) => (
                <Badge status={STATE_BADGE[v]} text={t(`monitor.states.${v}`)} data-testid="station-state" />
              ),
            },
            {
              title: (
                <Tooltip title={t('monitor.simulatedTip')}>
                  <span>{t('monitor.simulated')}</span>
                </Tooltip>
              ),
              key: 'simulated',
              width: 90,
              render: (_v, r) =>
                r.simulatable ? (
                  <Switch
                    size="small"
                    checked={r.simulated}
                    disabled={!canSimulate}
                    loading={switching === r.id}
                    onChange={(on) => void setSimulated(r, on)}
                    data-testid={`station-simulated-${r.stcd}`}
                    aria-label={`${t('monitor.simulated')} ${r.stnm ?? r.stcd}`}
                  />
                ) : (
                  '-'
                ),
            },
            {
              title: t('monitor.action'),
              key: 'action',
              width: 100,
              render: (_v, r) => (
                <Button type="link" size="small" onClick={() => setOpen(r)} data-testid={`station-history-${r.stcd}`}>
                  {t('monitor.history')}
                </Button>
              ),
            },
          ]}
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
