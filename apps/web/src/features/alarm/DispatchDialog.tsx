/**
 * 派单抢修 for a burst alarm: the operator names the burst pipe on the map (the picker opens on the alarm's
 * district), the server makes the burst event with its valve plan and starts the 爆管抢修 process.
 */
import { Alert, App, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Alarm, alarmApi } from '../../api/alarm';
import { EquipmentInput, parseEquipment } from '../../components/map/EquipmentPicker';
import { validValues } from '../../lib/validValues';

interface Values {
  title: string;
  pipe: string;
  description?: string;
}

export function DispatchDialog({
  alarm,
  onClose,
  onDone,
}: {
  alarm: Alarm | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (alarm) form.setFieldsValue({ title: alarm.title, pipe: undefined, description: undefined });
  }, [alarm, form]);

  const ok = async () => {
    if (!alarm) return;
    const v = await validValues(form);
    if (!v) return;
    const pipe = parseEquipment(v.pipe);
    if (!pipe) return;
    setSaving(true);
    try {
      const r = await alarmApi.dispatch({
        id: alarm.id,
        pipeGid: pipe.id,
        title: v.title.trim(),
        description: v.description?.trim() || undefined,
      });
      message.success(t('alarm.dispatched', { code: r.eventCode }));
      onDone();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!alarm}
      title={t('alarm.dispatchTitle', { title: alarm?.title ?? '' })}
      onCancel={onClose}
      onOk={ok}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'alarm-dispatch-ok' } as never}
      width={640}
      forceRender
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('alarm.dispatchHint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item
          name="title"
          label={t('alarm.eventTitle')}
          rules={[{ required: true, whitespace: true, message: t('alarm.eventTitle') }, { max: 200 }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="pipe" label={t('alarm.pipe')} rules={[{ required: true, message: t('alarm.pipeRequired') }]}>
          <EquipmentInput
            layers={['pipe']}
            placeholder={t('alarm.pipeRequired')}
            center={alarm?.x != null && alarm?.y != null ? [alarm.x, alarm.y] : undefined}
          />
        </Form.Item>
        <Form.Item name="description" label={t('alarm.description')} rules={[{ max: 1000 }]}>
          <Input.TextArea rows={3} maxLength={1000} showCount placeholder={t('alarm.descriptionPh')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
