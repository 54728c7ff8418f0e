/**
 * The columns of 调度指令's order list: code, station, order text, state (marked when escalated), when and by whom
 * it was issued, and the row's operations — its log, and for a station operator 接收确认 then 执行反馈.
 */
import { Space, type TableColumnsType, Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { Order, OrderState } from '../../api/dispatch';
import { RowButton } from '../../components/crud';
import { STATE_COLOR, timeText } from './orderFormat';

export function orderColumns(
  t: TFunction,
  {
    canAck,
    onLog,
    onAcknowledge,
    onFeedback,
  }: {
    /** may acknowledge and report orders */
    canAck: boolean;
    onLog: (o: Order) => void;
    onAcknowledge: (o: Order) => void;
    onFeedback: (o: Order) => void;
  },
): TableColumnsType<Order> {
  return [
    { title: t('dispatch.code'), dataIndex: 'code', width: 170 },
    { title: t('dispatch.station'), dataIndex: 'stnm' },
    { title: t('dispatch.order'), dataIndex: 'text' },
    {
      title: t('dispatch.state'),
      dataIndex: 'state',
      width: 130,
      render: (s: OrderState, r) => (
        <Space size={4}>
          <Tag color={STATE_COLOR[s]}>{t(`dispatch.states.${s}`)}</Tag>
          {r.escalatedAt && <Tag color="red">{t('dispatch.escalated')}</Tag>}
        </Space>
      ),
    },
    { title: t('dispatch.issuedAt'), dataIndex: 'issuedAt', width: 170, render: timeText },
    { title: t('dispatch.issuedBy'), dataIndex: 'issuedByName', width: 110 },
    {
      title: t('dispatch.operate'),
      width: 200,
      render: (_, r) => (
        <Space size={4}>
          <RowButton onClick={() => onLog(r)}>{t('dispatch.log')}</RowButton>
          {canAck && r.state === 'issued' && (
            <RowButton onClick={() => onAcknowledge(r)}>{t('dispatch.acknowledge')}</RowButton>
          )}
          {canAck && r.state === 'acknowledged' && (
            <RowButton onClick={() => onFeedback(r)}>{t('dispatch.complete')}</RowButton>
          )}
        </Space>
      ),
    },
  ];
}
