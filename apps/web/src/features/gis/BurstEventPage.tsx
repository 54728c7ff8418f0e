/**
 * 爆管事件: the burst events with filters (code, name, DMA, state, time); 新增 picks the burst pipe on the map and
 * runs the valve-shutdown analysis; 查看 shows the event with its analysis, valves and affected users; 关阀登记
 * records valves closed; 分享链接 gives the crew a signed link to the valve list (no sign-in), as text and as a QR
 * code (antd's QRCode, drawn in the browser) for a phone to scan; 作废 voids a mistaken event with a reason (it stays
 * listed as 已作废).
 */
import { App, Button, Form, Input, Modal, QRCode, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { burstApi } from '../../api/burst';
import type { CrudApi, Query } from '../../api/crud';
import { type CrudHandle, CrudPage, NO_ROW_BUTTONS, RowButton } from '../../components/crud';
import { parseEquipment } from '../../components/map/EquipmentPicker';
import { type BurstEvent, dispatchApi } from '../../components/map/gisApi';
import { burstEventColumns } from './columns';
import { EventDrawer } from './EventDrawer';
import { useButton } from './perm';

/** The event list as a CrudPage family: page and 新增 (analyse); events are never deleted. */
export const eventApi: CrudApi<BurstEvent> = {
  key: '/api/swp-dispatch/wsnc-squibbing-event',
  page: (q: Query) => dispatchApi.page(q) as never,
  detail: async (id: string) => dispatchApi.detail(id),
  submit: async (row) => row,
  remove: async () => null,
};

interface NewEvent {
  title?: string;
  pipe?: string;
}

export default function BurstEventPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canView = useButton('burst_event_view');
  const canClose = useButton('burst_event_edit');
  const canShare = useButton('burst_event_share');
  const canVoid = useButton('burst_event_void');
  const [voiding, setVoiding] = useState<BurstEvent | null>(null);
  const [voidForm] = Form.useForm<{ reason: string }>();
  const handle = useRef<CrudHandle<BurstEvent> | null>(null);
  const [open, setOpen] = useState<{ id: string; tab: 'valves' | 'users' } | null>(null);
  const [share, setShare] = useState<{ event: BurstEvent; url: string; expires: number } | null>(null);
  const created = useRef<BurstEvent | null>(null);

  const save = async (values: Partial<NewEvent>) => {
    const pipe = parseEquipment(values.pipe);
    if (!pipe) throw new Error('pipe');
    const ev = await dispatchApi.analyse({ pipeGid: pipe.id, x: pipe.x, y: pipe.y, title: values.title || undefined });
    created.current = ev;
    message.info(t('burstEvent.created', { code: ev.code, n: ev.valveCount }));
  };

  const doShare = async (ev: BurstEvent) => {
    const s = await dispatchApi.share(ev.id);
    setShare({ event: ev, url: `${window.location.origin}${s.path}`, expires: s.expires });
  };

  return (
    <div data-testid="burst-event-page">
      <CrudPage<BurstEvent>
        api={eventApi}
        columns={burstEventColumns}
        title="burstEvent.title"
        permission="burst_event"
        {...NO_ROW_BUTTONS}
        selection={false}
        handleRef={handle}
        onSave={(values) => save(values as NewEvent)}
        afterSave={() => {
          if (created.current) setOpen({ id: created.current.id, tab: 'valves' });
        }}
        actionWidth={280}
        rowActions={(r) => (
          <Space size={0}>
            {canView && (
              <RowButton onClick={() => setOpen({ id: r.id, tab: 'users' })}>{t('burstEvent.view')}</RowButton>
            )}
            {canClose && (
              <RowButton onClick={() => setOpen({ id: r.id, tab: 'valves' })} data-testid={`close-valve-${r.code}`}>
                {t('burstEvent.closeValve')}
              </RowButton>
            )}
            {canShare && Number(r.eventStatus) !== 3 && (
              <RowButton onClick={() => void doShare(r)} data-testid={`share-${r.code}`}>
                {t('burstEvent.share')}
              </RowButton>
            )}
            {canVoid && Number(r.eventStatus) !== 3 && (
              <RowButton
                danger
                onClick={() => {
                  voidForm.resetFields();
                  setVoiding(r);
                }}
                data-testid={`void-${r.code}`}
              >
                {t('burstEvent.void')}
              </RowButton>
            )}
          </Space>
        )}
      />
      <EventDrawer
        eventId={open?.id ?? null}
        tab={open?.tab}
        canClose={canClose}
        onClose={() => setOpen(null)}
        onChanged={() => handle.current?.reload()}
      />
      <Modal
        open={!!share}
        title={`${t('burstEvent.shareTitle')} ${share?.event.code ?? ''}`}
        onCancel={() => setShare(null)}
        footer={[
          <Button
            key="renew"
            onClick={async () => {
              if (!share) return;
              const s = await dispatchApi.share(share.event.id, true);
              setShare({ ...share, url: `${window.location.origin}${s.path}`, expires: s.expires });
            }}
          >
            {t('burstEvent.shareRenew')}
          </Button>,
          <Button key="close" type="primary" onClick={() => setShare(null)}>
            {t('gis.close')}
          </Button>,
        ]}
      >
        {share && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('burstEvent.shareHint')}</Typography.Text>
            <Typography.Paragraph
              copyable={{ text: share.url, tooltips: [t('burstEvent.copied'), t('burstEvent.copied')] }}
              code
              data-testid="share-url"
              style={{ wordBreak: 'break-all' }}
            >
              {share.url}
            </Typography.Paragraph>
            <Typography.Text>
              {t('burstEvent.shareExpires', { time: new Date(share.expires * 1000).toLocaleString() })}
            </Typography.Text>
            <div style={{ display: 'flex', justifyContent: 'center' }} data-testid="share-qr" data-value={share.url}>
              <QRCode value={share.url} size={200} errorLevel="M" bordered={false} />
            </div>
            <Typography.Text type="secondary" style={{ textAlign: 'center', display: 'block' }}>
              {t('burstEvent.shareQrHint')}
            </Typography.Text>
          </Space>
        )}
      </Modal>
      <Modal
        open={!!voiding}
        title={t('burstEvent.voidTitle', { code: voiding?.code ?? '' })}
        okText={t('burstEvent.void')}
        okButtonProps={{ danger: true, ...{ 'data-testid': 'void-ok' } }}
        onCancel={() => setVoiding(null)}
        onOk={async () => {
          if (!voiding) return;
          // the form shows a missing reason itself; the client toasts a refusal
          const reason = await voidForm
            .validateFields()
            .then((v) => v.reason)
            .catch(() => null);
          if (!reason) return;
          try {
            await burstApi.void(voiding.id, reason);
          } catch {
            return;
          }
          message.success(t('burstEvent.voided', { code: voiding.code }));
          setVoiding(null);
          handle.current?.reload();
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('burstEvent.voidHint')}</Typography.Paragraph>
        <Form form={voidForm} layout="vertical">
          <Form.Item
            name="reason"
            label={t('burstEvent.voidReason')}
            rules={[{ required: true, whitespace: true, message: t('burstEvent.voidReasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="void-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
