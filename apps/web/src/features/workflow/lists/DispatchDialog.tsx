/** 调度 (ops dispatchTask): move every token of the instance to a chosen user task, with a reason. */
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { opsApi } from '../../../api/workflow';

export function DispatchDialog({ row, onClose }: { row: Row | null; onClose(ok: boolean): void }) {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<{ value: string; label: string }[]>([]);
  const [form] = Form.useForm();
  return (
    <Modal
      open={!!row}
      title={t('workflow.list.dispatch')}
      destroyOnHidden
      afterOpenChange={(o) => {
        if (!o || !row) return;
        opsApi
          .processNodes({ processInstanceId: String(row.processInstanceId) })
          .then((list) => setNodes((list ?? []).map((n) => ({ value: n.nodeId, label: n.nodeName }))))
          .catch(() => setNodes([]));
      }}
      onCancel={() => onClose(false)}
      onOk={async () => {
        const v = await form.validateFields();
        await opsApi.dispatchTask({
          taskId: row?.taskId,
          processInstanceId: row?.processInstanceId,
          nodeId: v.nodeId,
          comment: v.comment,
        });
        onClose(true);
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="nodeId"
          label={t('workflow.list.dispatchTo')}
          rules={[{ required: true, message: t('workflow.detail.backNodeRequired') }]}
        >
          <Select options={nodes} />
        </Form.Item>
        <Form.Item name="comment" label={t('workflow.list.reason')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
