/**
 * The 调度指令 page's state and calls: the order list (useOrderList), who may issue, acknowledge or set up stations,
 * the issue and feedback dialogs with their forms, the order whose log is open, and issuing, acknowledging and
 * completing an order.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dispatchApi, type Order } from '../../api/dispatch';
import { usePermission, useSession } from '../../stores/session';
import { useOrderList } from './useOrderList';

export function useOrderPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canIssue = usePermission('dispatch_order_issue');
  const isAdmin = useSession((s) => s.roles.includes('administrator'));
  const [settings, setSettings] = useState(false);
  const canAck = usePermission('dispatch_order_ack');
  const [issuing, setIssuing] = useState(false);
  const [feedback, setFeedback] = useState<Order | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [form] = Form.useForm();
  const [fbForm] = Form.useForm();
  // the list is the page's first read, before the dialogs' data
  const orderList = useOrderList();
  // the stations to issue to, read once the dialog opens
  const diagram = useQuery({ queryKey: ['dispatch-diagram'], queryFn: dispatchApi.diagram, enabled: issuing });
  const actions = useQuery({ queryKey: ['dispatch-actions'], queryFn: dispatchApi.actions });
  const detail = useQuery({
    queryKey: ['dispatch-order', detailId],
    queryFn: () => dispatchApi.order(detailId as string),
    enabled: !!detailId,
  });
  const action = Form.useWatch('action', form);
  // a change shows in the list and in the open order's log alike
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['dispatch-orders'] });
    void qc.invalidateQueries({ queryKey: ['dispatch-order'] });
  };

  const issue = async () => {
    const v = await form.validateFields();
    await dispatchApi.issue(v);
    message.success(t('dispatch.issued'));
    setIssuing(false);
    form.resetFields();
    refresh();
  };
  const acknowledge = async (o: Order) => {
    await dispatchApi.acknowledge(o.id);
    message.success(t('dispatch.acknowledged'));
    refresh();
  };
  const complete = async () => {
    const v = await fbForm.validateFields();
    await dispatchApi.complete((feedback as Order).id, v.note);
    message.success(t('dispatch.completed'));
    setFeedback(null);
    fbForm.resetFields();
    refresh();
  };

  return {
    canIssue,
    canAck,
    isAdmin,
    ...orderList,
    settings,
    setSettings,
    issuing,
    setIssuing,
    feedback,
    setFeedback,
    detailId,
    setDetailId,
    form,
    fbForm,
    action,
    diagram,
    actions,
    detail,
    issue,
    acknowledge,
    complete,
  };
}
