/**
 * 调度指令: the dispatcher issues an order to a station; the station's operator acknowledges it (接收确认) and reports
 * it carried out (执行反馈). Each order's log shows every step with its time; overdue orders are marked escalated.
 */
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../api/dispatch';
import { serverPagination } from '../../components/crud';
import { CompleteOrderModal } from './CompleteOrderModal';
import { IssueOrderModal } from './IssueOrderModal';
import { OrderLogDrawer } from './OrderLogDrawer';
import { OrderToolbar } from './OrderToolbar';
import { orderColumns } from './orderColumns';
import { StationSettings } from './StationSettings';
import { useOrderPage } from './useOrderPage';

export default function OrderPage() {
  const { t } = useTranslation();
  const orders = useOrderPage();
  const { list } = orders;

  return (
    <Card
      title={t('menu.dispatch.order')}
      extra={
        <OrderToolbar
          state={orders.state}
          onState={orders.filterState}
          isAdmin={orders.isAdmin}
          canIssue={orders.canIssue}
          onSettings={() => orders.setSettings(true)}
          onIssue={() => orders.setIssuing(true)}
        />
      }
    >
      <StationSettings open={orders.settings} onClose={() => orders.setSettings(false)} />
      <Table<Order>
        rowKey="id"
        size="small"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.records ?? []}
        pagination={serverPagination(orders.page, list.data?.total ?? 0, orders.setPage)}
        columns={orderColumns(t, {
          canAck: orders.canAck,
          onLog: (r) => orders.setDetailId(r.id),
          onAcknowledge: orders.acknowledge,
          onFeedback: orders.setFeedback,
        })}
      />
      <IssueOrderModal
        open={orders.issuing}
        form={orders.form}
        action={orders.action}
        stations={orders.diagram.data?.nodes ?? []}
        actions={orders.actions.data ?? []}
        onCancel={() => orders.setIssuing(false)}
        onOk={orders.issue}
      />
      <CompleteOrderModal
        open={!!orders.feedback}
        form={orders.fbForm}
        onCancel={() => orders.setFeedback(null)}
        onOk={orders.complete}
      />
      <OrderLogDrawer open={!!orders.detailId} order={orders.detail.data} onClose={() => orders.setDetailId(null)} />
    </Card>
  );
}
