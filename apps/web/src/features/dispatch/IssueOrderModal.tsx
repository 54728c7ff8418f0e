/**
 * 下达指令's dialog: the station, the action (a pump's number for starting or stopping one, a target value in the
 * action's unit when it has one), the order's text and how many minutes the station has to acknowledge it.
 */
import { Form, type FormInstance, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DiagramNode } from '../../api/dispatch';

/** One action a station can be ordered to take, with the unit of its target value if it has one. */
export interface OrderAction {
  code: string;
  name: string;
  nameEn: string;
  unit: string | null;
}

export function IssueOrderModal({
  open,
  form,
  action,
  stations,
  actions,
  onCancel,
  onOk,
}: {
  open: boolean;
  form: FormInstance;
  /** the action chosen in the form */
  action: string | undefined;
  stations: DiagramNode[];
  actions: OrderAction[];
  onCancel: () => void;
  onOk: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const actionDef = actions.find((a) => a.code === action);
  return (
    <Modal
      open={open}
      title={t('dispatch.issue')}
      onCancel={onCancel}
      onOk={onOk}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'issue-ok' } as never}
    >
      <Form form={form} layout="vertical" initialValues={{ ackMinutes: 10 }}>
        <Form.Item name="stationId" label={t('dispatch.station')} rules={[{ required: true }]}>
          <Select
            showSearch
            optionFilterProp="label"
            data-testid="order-station"
            options={stations.map((n) => ({ value: n.id, label: `${n.stnm} (${n.stcd})` }))}
          />
        </Form.Item>
        <Form.Item name="action" label={t('dispatch.action')} rules={[{ required: true }]}>
          <Select
            data-testid="order-action"
            options={actions.map((a) => ({ value: a.code, label: en ? a.nameEn : a.name }))}
          />
        </Form.Item>
        {(action === 'pump_start' || action === 'pump_stop') && (
          <Form.Item name="pumpNo" label={t('dispatch.pumpNo')} rules={[{ required: true }]}>
            <InputNumber min={1} max={20} />
          </Form.Item>
        )}
        {actionDef?.unit && (
          <Form.Item
            name="target"
            label={`${t('dispatch.target')} (${actionDef.unit})`}
            // opening a valve may go without a target (fully open)
            rules={[{ required: action !== 'valve_open' }]}
          >
            <InputNumber step={action === 'set_pressure' ? 0.01 : 1} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item name="content" label={t('dispatch.content')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Form.Item name="ackMinutes" label={t('dispatch.ackMinutes')}>
          <InputNumber min={1} max={1440} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
