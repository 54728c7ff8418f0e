/**
 * `/list-operate/shutValue?token=` (spec 2 §2, public): what a repair crew opens from the dispatcher's link without
 * signing in. One burst event: where it is, the valves to close in order on a small map and as a list, each marked
 * closed as the crew works. Progress from other crew members shows on refresh and every 30 seconds. Each valve
 * says its road and nearest address, its coordinates and a `geo:` link that opens the phone's navigation. A voided
 * event says so and takes no marks.
 */
import { EnvironmentOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  List,
  Popconfirm,
  Progress,
  Result,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CrewValveRow } from '../../api/burst';
import { HttpError } from '../../api/http';
import { AppFeedback } from '../../components/AppFeedback';
import { RowButton } from '../../components/crud/RowButton';
import { type BurstEvent, dispatchApi } from '../../components/map/gisApi';
import { geoUri, latLonText } from './geo';
import { ValveMap } from './ValveMap';
import { type CrewValve, crewOrder, progressOf } from './valveOrder';

const REFRESH_MS = 30_000;
type View = { event: BurstEvent & { lon?: number; lat?: number }; valves: CrewValveRow[] };

function ShutValuePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [view, setView] = useState<View | null>(null);
  const [error, setError] = useState<string | null>(token ? null : t('shutValue.noToken'));
  const [busy, setBusy] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | undefined>();

  const load = useCallback(async () => {
    if (!token) return;
    try {
      setView((await dispatchApi.publicView(token)) as View);
      setError(null);
    } catch (e) {
      setError(e instanceof HttpError ? e.message : String(e));
    }
  }, [token]);

  useEffect(() => {
    document.title = t('shutValue.title');
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load, t]);

  const valves = useMemo(() => crewOrder(view?.valves ?? []), [view]);
  const progress = useMemo(() => progressOf(view?.valves ?? []), [view]);

  async function mark(v: CrewValve, closed: boolean) {
    setBusy(v.valveGid);
    try {
      await dispatchApi.publicClose(token, v.valveGid, closed);
      message.success(t(closed ? 'shutValue.marked' : 'shutValue.reopened'));
      await load();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(null);
    }
  }

  if (error) {
    return (
      <div className="swp-shut-value" style={page}>
        <Result
          status="warning"
          title={t('shutValue.invalid')}
          subTitle={
            <>
              <div data-testid="shut-value-error">{error}</div>
              <div>{t('shutValue.invalidHint')}</div>
            </>
          }
          extra={token ? <Button onClick={() => void load()}>{t('shutValue.retry')}</Button> : undefined}
        />
      </div>
    );
  }
  if (!view) {
    return (
      <div style={{ maxWidth: 760, margin: '96px auto 0', textAlign: 'center' }}>
        <Spin />
        <div style={{ marginTop: 12 }}>{t('shutValue.loading')}</div>
      </div>
    );
  }

  const ev = view.event;
  const status = Number(ev.eventStatus) as 0 | 1 | 2 | 3;
  const voided = status === 3;
  return (
    <main style={page} data-testid="shut-value-page">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} align="center">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('shutValue.title')} · {ev.code}
          </Typography.Title>
          <Button
            icon={<ReloadOutlined />}
            onClick={async () => {
              await load();
              message.success(t('shutValue.refreshed'));
            }}
          >
            {t('shutValue.refresh')}
          </Button>
        </Space>
        <Card size="small">
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('shutValue.event')}>{ev.title}</Descriptions.Item>
            <Descriptions.Item label={t('shutValue.address')}>{ev.address || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('shutValue.pipe')}>{ev.pipeDno || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('shutValue.occurTime')}>{ev.occurTime}</Descriptions.Item>
            <Descriptions.Item label={t('shutValue.affected')}>{ev.affectedCustomers}</Descriptions.Item>
            <Descriptions.Item label={t('shutValue.critical')}>{ev.criticalCount}</Descriptions.Item>
            {ev.lowPressure && (
              <Descriptions.Item label={t('shutValue.lowPressure')}>
                <span data-testid="crew-low-pressure">
                  {t('shutValue.lowPressureText', {
                    min: ev.lowPressure.minPressure,
                    junctions: ev.lowPressure.junctions,
                    customers: ev.lowPressure.customers,
                  })}
                </span>
              </Descriptions.Item>
            )}
            {ev.lat !== undefined && ev.lon !== undefined && (
              <Descriptions.Item label={t('shutValue.burstPoint')}>
                <a href={geoUri(ev.lat, ev.lon, ev.code)} data-testid="burst-nav">
                  {latLonText(ev.lat, ev.lon)}
                </a>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Space style={{ marginTop: 8 }} wrap>
            <Tag
              color={voided ? 'default' : status === 2 ? 'green' : status === 1 ? 'orange' : 'red'}
              data-testid="shut-value-status"
            >
              {t(`shutValue.status.${status}`)}
            </Tag>
            <span data-testid="shut-value-progress">
              {t('shutValue.progress', { done: progress.done, total: progress.total })}
            </span>
          </Space>
          <Progress
            percent={progress.total ? Math.round((progress.done / progress.total) * 100) : 0}
            status={status === 2 ? 'success' : 'active'}
            showInfo={false}
          />
          {status === 2 && <Typography.Text type="success">{t('shutValue.allClosed')}</Typography.Text>}
          {voided && (
            <Typography.Text type="danger" data-testid="shut-value-voided">
              {t('shutValue.voided')}
            </Typography.Text>
          )}
        </Card>
        <ValveMap
          burst={{ x: ev.x, y: ev.y }}
          valves={valves}
          selected={selected}
          onSelect={setSelected}
          label={t('shutValue.map')}
        />
        <Typography.Text type="secondary">{t('shutValue.order')}</Typography.Text>
        {valves.length === 0 ? (
          <Empty description={t('shutValue.empty')} />
        ) : (
          <List
            bordered
            dataSource={valves}
            data-testid="shut-value-list"
            rowKey={(v) => `${v.role}-${v.valveGid}-${v.forValveGid ?? ''}`}
            renderItem={(v) => (
              <List.Item
                data-testid={`valve-${v.valveDno}`}
                style={{
                  background: v.valveGid === selected ? '#e6f4ff' : undefined,
                  paddingLeft: v.role === 'backup' ? 40 : undefined,
                }}
                actions={[
                  voided ? null : v.closed ? (
                    <Popconfirm key="reopen" title={t('shutValue.reopenConfirm')} onConfirm={() => mark(v, false)}>
                      <Button size="small" loading={busy === v.valveGid}>
                        {t('shutValue.reopen')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button
                      key="close"
                      size="small"
                      type={v.role === 'close' ? 'primary' : 'default'}
                      loading={busy === v.valveGid}
                      onClick={() => mark(v, true)}
                    >
                      {t('shutValue.markClosed')}
                    </Button>
                  ),
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <RowButton
                        style={{ padding: 0 }}
                        aria-label={`${t('shutValue.locate')} ${v.valveDno}`}
                        onClick={() => setSelected(v.valveGid)}
                      >
                        {v.role === 'backup'
                          ? t('shutValue.backupFor', { n: v.forN })
                          : t('shutValue.valveNo', { n: v.n })}
                      </RowButton>
                      <span>{v.valveDno}</span>
                      <Tag color={v.closed ? 'default' : 'gold'}>
                        {v.closed ? t('shutValue.closed') : t('shutValue.open')}
                      </Tag>
                    </Space>
                  }
                  description={
                    <Space direction="vertical" size={2}>
                      {v.road ? (
                        <span data-testid={`road-${v.valveDno}`}>
                          <Typography.Text strong>{v.road}</Typography.Text>
                          {v.address ? ` · ${v.address}` : null}
                        </span>
                      ) : null}
                      {v.lat !== undefined && v.lon !== undefined ? (
                        <a
                          href={geoUri(v.lat, v.lon, v.valveDno)}
                          data-testid={`nav-${v.valveDno}`}
                          aria-label={`${t('shutValue.navigate')} ${v.valveDno}`}
                        >
                          <EnvironmentOutlined /> {t('shutValue.navigate')} · {latLonText(v.lat, v.lon)}
                        </a>
                      ) : null}
                      <Space wrap size={12}>
                        {v.diameter ? <span>{t('shutValue.diameter', { d: v.diameter })}</span> : null}
                        <span>{t('shutValue.distance', { m: Math.round(v.distance) })}</span>
                        {v.closed && v.closedTime ? (
                          <span>
                            {t('shutValue.closedAt', { time: String(v.closedTime).replace('T', ' ').slice(0, 16) })}
                          </span>
                        ) : null}
                      </Space>
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Space>
    </main>
  );
}

const page = { maxWidth: 760, margin: '0 auto', padding: 16 } as const;

/** The page with antd's feedback bound, so the client's error toasts show here too (no shell around it). */
export default function ShutValueRoute() {
  return (
    <AppFeedback>
      <ShutValuePage />
    </AppFeedback>
  );
}
