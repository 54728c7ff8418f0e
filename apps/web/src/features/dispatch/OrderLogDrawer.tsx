/** An order's detail and its log: every step (issued, acknowledged, escalated, done) with its time and who took it. */
import { Descriptions, Drawer, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Order, OrderLog } from '../../api/dispatch';
import { timeText } from './orderFormat';

export function OrderLogDrawer({
  open,
  order,
  onClose,
}: {
  open: boolean;
  /** the order with its log, once read */
  order: (Order & { log: OrderLog[] }) | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} width={520} title={order?.code} onClose={onClose}>
      {order && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('dispatch.station')}>{order.stnm}</Descriptions.Item>
            <Descriptions.Item label={t('dispatch.order')}>{order.text}</Descriptions.Item>
            <Descriptions.Item label={t('dispatch.content')}>{order.content ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('dispatch.state')}>{t(`dispatch.states.${order.state}`)}</Descriptions.Item>
            <Descriptions.Item label={t('dispatch.ackDeadline')}>{timeText(order.ackDeadline)}</Descriptions.Item>
          </Descriptions>
          <Timeline
            style={{ marginTop: 24 }}
            data-testid="order-log"
            items={order.log.map((l) => ({
              color: l.step === 'escalate' ? 'red' : l.step === 'complete' ? 'green' : 'blue',
              children: (
                <div data-testid={`log-${l.step}`}>
                  <b>{t(`dispatch.steps.${l.step}`)}</b> {timeText(l.at)} {l.userName ?? ''}
                  {l.note && <div>{l.note}</div>}
                </div>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
