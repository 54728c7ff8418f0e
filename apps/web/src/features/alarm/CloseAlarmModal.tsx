/**
 * 关闭 one alarm or 批量关闭 the selected open ones, with a reason (the dialog sits above the detail drawer it may
 * be opened from).
 */
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Alarm, alarmApi } from '../../api/alarm';

/** The close dialog's state; `onClosed` runs after a successful close (reload the list, the counts, the drawer). */
export function useCloseAlarms(onClosed: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [closing, setClosing] = useState<Alarm[] | null>(null);
  const [batch, setBatch] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ closeReason: string }>();

  const askClose = (rows: Alarm[], many = false) => {
    if (!rows.length) {
      message.warning(t('alarm.selectOne'));
      return;
    }
    const open = rows.filter((r) => r.alarmStatus === 0);
    if (!open.length) {
      message.warning(t('alarm.noneOpen'));
      return;
    }
    form.resetFields();
    setBatch(many);
    setClosing(open);
  };

  const doClose = async () => {
    if (!closing) return;
    let reason: string;
    try {
      reason = (await form.validateFields()).closeReason.trim();
    } catch {
      return;
    }
    setSaving(true);
    try {
      if (!batch) {
        await alarmApi.closeAlarm(closing[0].id, reason);
        message.success(t('alarm.closed'));
      } else {
        const r = await alarmApi.closeAlarms(
          closing.map((a) => a.id),
          reason,
        );
        message.success(t('alarm.closedMany', { n: r.closed }));
      }
      setClosing(null);
      onClosed();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return { askClose, doClose, cancel: () => setClosing(null), closing, batch, saving, form };
}

export function CloseAlarmModal({ close }: { close: ReturnType<typeof useCloseAlarms> }) {
  const { t } = useTranslation();
  const { closing, batch, form } = close;
  return (
    <Modal
      open={!!closing}
      title={batch ? t('alarm.batchCloseTitle', { n: closing?.length ?? 0 }) : t('alarm.closeTitle')}
      onCancel={close.cancel}
      onOk={close.doClose}
      confirmLoading={close.saving}
      okButtonProps={{ danger: true, 'data-testid': 'alarm-close-ok' } as never}
      forceRender
      // above the detail drawer it may be opened from
      zIndex={1100}
    >
      {closing && !batch && <p>{closing[0].title}</p>}
      <Form form={form} layout="vertical">
        <Form.Item
          name="closeReason"
          label={t('alarm.closeReason')}
          rules={[{ required: true, whitespace: true, message: t('alarm.reasonRequired') }, { max: 500 }]}
        >
          <Input.TextArea
            rows={4}
            maxLength={500}
            showCount
            placeholder={t('alarm.reasonPh')}
            data-testid="alarm-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
