/**
 * The map's 爆管分析 result: first a preview (nothing stored: valves to close, their backups, the pipes and the
 * customers cut off), then 确认 stores it as a burst event (the same pipe, point and network version) or 取消 drops
 * it. Once stored, the card names the event's code.
 */
import { Alert, Button, Card, Descriptions, Input, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BurstPreviewData, burstApi, type ListedEvent } from '../../api/burst';
import type { PipeAnalysis, UserOut, ValveOut } from '../../components/map/gisApi';

export type BurstResult = { preview: BurstPreviewData; event?: ListedEvent };

export interface BurstPreviewProps {
  result: BurstResult;
  /** 确认 stored it */
  onConfirmed: (event: ListedEvent) => void;
  /** 取消: the preview is dropped (and cleared from the map) */
  onCancel: () => void;
}

export function BurstPreview({ result, onConfirmed, onCancel }: BurstPreviewProps) {
  const { t } = useTranslation();
  const { preview, event } = result;
  const [title, setTitle] = useState(preview.title);
  const [busy, setBusy] = useState(false);
  const a: PipeAnalysis = event?.analysis ?? preview.analysis;

  const confirm = async () => {
    setBusy(true);
    try {
      onConfirmed(
        await burstApi.confirm({
          pipeGid: preview.pipeGid,
          x: preview.x,
          y: preview.y,
          title: title.trim() || undefined,
          networkVersion: preview.networkVersion,
        }),
      );
    } catch {
      // the client has shown the server's message (e.g. the network changed: analyse again)
    } finally {
      setBusy(false);
    }
  };

  const valveCols = [
    { title: t('gis.seq'), width: 60, render: (_: unknown, __: ValveOut, i: number) => i + 1 },
    { title: t('gis.valveCode'), dataIndex: 'dno' },
    { title: t('gis.diameter'), dataIndex: 'diameter' },
    { title: t('gis.distance'), dataIndex: 'distance', render: (d: number) => `${d} m` },
  ];
  return (
    <Card
      size="small"
      data-testid="gis-analysis"
      title={
        event ? (
          `${t('gis.result')} ${event.code} · ${event.title}`
        ) : (
          <Space>
            <Tag color="blue" data-testid="burst-preview-tag">
              {t('gis.preview')}
            </Tag>
            {t('gis.previewHint')}
          </Space>
        )
      }
      extra={
        event ? (
          <Tag color="green" data-testid="burst-stored">
            {t('gis.stored')}
          </Tag>
        ) : (
          <Space>
            <Input
              aria-label={t('burstEvent.name')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={200}
              style={{ width: 260 }}
              data-testid="burst-title"
            />
            <Button onClick={onCancel} data-testid="burst-cancel">
              {t('gis.cancelPreview')}
            </Button>
            <Button type="primary" danger loading={busy} onClick={() => void confirm()} data-testid="burst-confirm">
              {t('gis.confirmEvent')}
            </Button>
          </Space>
        )
      }
    >
      <Descriptions size="small" column={5}>
        <Descriptions.Item label={t('gis.valveCount')}>
          <span data-testid="burst-valve-count">{a.valves.length}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('gis.segmentPipes')}>
          {a.segmentPipes.length} ({a.segmentLength} m)
        </Descriptions.Item>
        <Descriptions.Item label={t('gis.isolatedPipes')}>{a.isolatedPipes.length}</Descriptions.Item>
        <Descriptions.Item label={t('gis.customers')}>
          <span data-testid="burst-customers">{a.affectedCustomers}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('gis.criticalUsers')}>{a.criticalUsers.length}</Descriptions.Item>
      </Descriptions>
      {a.sourceInSegment && <Alert type="warning" message={t('gis.sourceCut')} />}
      <Tabs
        items={[
          {
            key: 'valves',
            label: t('gis.valvesToClose'),
            children: <Table size="small" rowKey="gid" dataSource={a.valves} columns={valveCols} pagination={false} />,
          },
          {
            key: 'backups',
            label: t('gis.backups'),
            children: (
              <Table
                size="small"
                rowKey="forValve"
                pagination={false}
                dataSource={a.backups}
                columns={[
                  {
                    title: t('gis.forValve'),
                    render: (_, b) => a.valves.find((v) => v.gid === b.forValve)?.dno ?? b.forValve,
                  },
                  { title: t('gis.backupValves'), render: (_, b) => b.valves.map((v) => v.dno).join('、') || '—' },
                ]}
              />
            ),
          },
          {
            key: 'users',
            label: `${t('gis.users')} (${a.affectedUsers.length})`,
            children: (
              <Table<UserOut>
                size="small"
                rowKey="gid"
                dataSource={a.affectedUsers}
                pagination={{ pageSize: 10 }}
                columns={[
                  { title: t('gis.meterCode'), dataIndex: 'dno' },
                  { title: t('gis.userName'), dataIndex: 'name' },
                  { title: t('gis.customerCount'), dataIndex: 'customerCount' },
                  {
                    title: t('gis.critical'),
                    dataIndex: 'criticalType',
                    render: (c: string | null) => (c ? <Tag color="red">{t(`gis.criticalType.${c}`)}</Tag> : ''),
                  },
                  { title: t('gis.cause'), dataIndex: 'cause', render: (c: string) => t(`gis.causes.${c}`) },
                ]}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
