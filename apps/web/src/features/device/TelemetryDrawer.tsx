/**
 * A device's telemetry (接入): how it signs in (MQTT user name, topic, HTTP address), its credential — 签发新密钥
 * issues a new secret, shown here once (the old one stops at once), for the tenant's administrator — its last
 * contact and online state, its last values (the bound monitoring point's latest readings), and the messages
 * refused, counted by reason. Refreshed when new points arrive.
 */
import { KeyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Drawer, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '../../api/device';
import { deviceApi } from '../../api/device';
import { type DeviceTelemetry, type IssuedCredential, iotApi } from '../../api/iot';
import { LIVE_POINTS } from '../../api/monitor';
import { useLiveEvent } from '../../lib/useLiveEvent';
import { usePermission } from '../../stores/session';

export function OnlineTag({ status }: { status?: DeviceTelemetry | null }) {
  const { t } = useTranslation();
  if (!status?.lastContact) return <Tag data-testid="telemetry-online">{t('device.iot.never')}</Tag>;
  return status.online ? (
    <Tag color="green" data-testid="telemetry-online">
      {t('device.iot.online')}
    </Tag>
  ) : (
    <Tag data-testid="telemetry-online">{t('device.iot.offline')}</Tag>
  );
}

export function TelemetryDrawer({ device, onClose }: { device: Device | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canIssue = usePermission('device_base_credential');
  const [status, setStatus] = useState<DeviceTelemetry | null>(null);
  const [row, setRow] = useState<Device | null>(null);
  const [issued, setIssued] = useState<IssuedCredential | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    if (!device) return;
    const [s, d] = await Promise.all([iotApi.status([device.deviceCode]), deviceApi.detail(device.id)]);
    setStatus(s[0] ?? null);
    setRow(d);
  }, [device]);

  useEffect(() => {
    setIssued(null);
    setStatus(null);
    setRow(null);
    void load().catch(() => {});
  }, [load]);
  useLiveEvent(LIVE_POINTS, () => void load().catch(() => {}));

  const issue = async () => {
    if (!device) return;
    setBusy(true);
    try {
      setIssued(await iotApi.issueCredential(device.deviceCode));
      message.success(t('device.iot.issued'));
      await load();
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const latest = row?.latest ?? [];
  return (
    <Drawer
      open={!!device}
      onClose={onClose}
      width={720}
      title={device ? t('device.iot.title', { name: device.deviceName, code: device.deviceCode }) : ''}
      destroyOnHidden
      data-testid="telemetry-drawer"
    >
      {device && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {issued && (
            <Alert
              type="warning"
              showIcon
              data-testid="telemetry-secret"
              message={t('device.iot.secretOnce')}
              description={
                <Typography.Text copyable code data-testid="telemetry-secret-value">
                  {issued.secret}
                </Typography.Text>
              }
            />
          )}
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('device.iot.username')}>
              <Typography.Text copyable code>
                {status?.username ?? `${device.deviceCode}@…`}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('device.iot.topic')}>
              <Typography.Text copyable code>
                {status?.topic ?? ''}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('device.iot.http')}>
              <Typography.Text copyable code>{`POST ${origin}/api/swp-iot/telemetry`}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('device.iot.credential')}>
              <Space>
                <span data-testid="telemetry-credential">
                  {status?.credentialIssued
                    ? t('device.iot.issuedAt', { time: status.credentialIssuedAt })
                    : t('device.iot.noCredential')}
                </span>
                {canIssue && (
                  <Popconfirm
                    title={status?.credentialIssued ? t('device.iot.reissueConfirm') : t('device.iot.issueConfirm')}
                    onConfirm={issue}
                  >
                    <Button size="small" icon={<KeyOutlined />} loading={busy} data-testid="telemetry-issue">
                      {t('device.iot.issue')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('device.iot.lastContact')}>
              <Space>
                <OnlineTag status={status} />
                <span data-testid="telemetry-last-contact">{status?.lastContact ?? '—'}</span>
                {status?.lastSource && <Tag>{status.lastSource.toUpperCase()}</Tag>}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('device.iot.received')}>
              {t('device.iot.counts', { messages: status?.messages ?? 0, points: status?.points ?? 0 })}
            </Descriptions.Item>
            <Descriptions.Item label={t('device.iot.lastValues')}>
              {latest.length ? (
                <Space size={[4, 4]} wrap data-testid="telemetry-last-values">
                  {latest.map((l) => (
                    <Tag key={l.field} title={l.time}>
                      {t(`monitor.field.${l.field}`, { defaultValue: l.name })} {l.value}
                      {l.unit ? ` ${l.unit}` : ''}
                    </Tag>
                  ))}
                  <Typography.Text type="secondary">{row?.latestTime}</Typography.Text>
                </Space>
              ) : (
                '—'
              )}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('device.iot.refusals')}
          </Typography.Title>
          {status?.refusals.length ? (
            <>
              <Table
                size="small"
                rowKey="reason"
                pagination={false}
                data-testid="telemetry-refusals"
                dataSource={status.refusals}
                columns={[
                  {
                    title: t('device.iot.reason'),
                    dataIndex: 'reason',
                    render: (v: string, r) => t(`device.iot.reasons.${v}`, { defaultValue: r.name }),
                  },
                  { title: t('device.iot.count'), dataIndex: 'count', width: 120 },
                ]}
              />
              {status.lastRefusal && (
                <Typography.Text type="secondary">
                  {t('device.iot.lastRefusal', { time: status.lastRefusalAt, text: status.lastRefusal })}
                </Typography.Text>
              )}
            </>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.iot.noRefusals')} />
          )}
        </Space>
      )}
    </Drawer>
  );
}
