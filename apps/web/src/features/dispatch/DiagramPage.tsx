/**
 * 调度工艺图: the live process diagram. The live channel's new-points events carry the new latest values, applied
 * at once (lib/liveReadings.ts); an event without values (a bulk load) reloads it, and so does a re-read every
 * minute, so values turn stale on screen when a station goes quiet. Administrators can drag the boxes and save
 * the layout.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Spin, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Diagram, dispatchApi } from '../../api/dispatch';
import { LIVE_POINTS } from '../../api/monitor';
import { ProcessDiagram } from '../../components/charts/ProcessDiagram';
import { applyReadings, readingsOf } from '../../lib/liveReadings';
import { useLiveData } from '../../lib/useLiveEvent';
import { usePermission } from '../../stores/session';

export default function DiagramPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canArrange = usePermission('dispatch_diagram_layout');
  const [editing, setEditing] = useState(false);
  const [moved, setMoved] = useState<Record<string, { x: number; y: number }>>({});
  const [saving, setSaving] = useState(false);
  const q = useQuery({ queryKey: ['dispatch-diagram'], queryFn: dispatchApi.diagram, refetchInterval: 60_000 });
  const client = useQueryClient();
  useLiveData(LIVE_POINTS, (data) => {
    const readings = readingsOf(data);
    if (readings) client.setQueryData<Diagram>(['dispatch-diagram'], (d) => d && applyReadings(d, readings));
    else void q.refetch();
  });

  const save = async () => {
    if (!q.data) return;
    setSaving(true);
    try {
      const all = Object.fromEntries(q.data.nodes.map((n) => [n.id, moved[n.id] ?? { x: n.x, y: n.y }]));
      await dispatchApi.saveLayout(all);
      message.success(t('dispatch.layoutSaved'));
      setEditing(false);
      setMoved({});
      await q.refetch();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={t('menu.dispatch.diagram')}
      extra={
        <Space>
          {q.data && (
            <Typography.Text type="secondary" data-testid="diagram-time">
              {t('dispatch.updatedAt', { time: dayjs(q.data.time).format('HH:mm:ss') })}
            </Typography.Text>
          )}
          {canArrange && (
            <>
              <Switch
                checked={editing}
                onChange={(v) => {
                  setEditing(v);
                  if (!v) setMoved({});
                }}
                checkedChildren={t('dispatch.arrange')}
                unCheckedChildren={t('dispatch.arrange')}
              />
              <Button type="primary" disabled={!editing} loading={saving} onClick={save}>
                {t('dispatch.saveLayout')}
              </Button>
            </>
          )}
        </Space>
      }
    >
      {!q.data ? (
        <Spin />
      ) : (
        <ProcessDiagram
          diagram={q.data}
          positions={moved}
          editable={editing}
          onMove={(id, p) => setMoved((m) => ({ ...m, [id]: p }))}
        />
      )}
    </Card>
  );
}
