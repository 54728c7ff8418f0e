/** 备份数据: asks for a 说明 and starts a backup (the server answers at once; the file is written in the background). */

import { Alert, Form, Input, Modal } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { dataBackupApi } from '../../../api/lowcode';
import { validValues } from '../../../lib/validValues';

export function BackupDialog({
  open,
  onClose,
  onStarted,
}: {
  open: boolean;
  onClose(): void;
  onStarted(row: Row): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    const v = await validValues<{ description?: string }>(form);
    if (!v) return;
    setBusy(true);
    try {
      const description = v.description?.trim() || null;
      const made = (await dataBackupApi.create({ description })) as Row | null;
      onStarted({ ...(made ?? {}), description, creatorTime: dayjs().format('YYYY-MM-DD HH:mm:ss') });
    } catch {
      // the HTTP client has shown why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('lowcode.backup.make')}
      okText={t('lowcode.backup.start')}
      cancelText={t('crud.cancel')}
      confirmLoading={busy}
      onOk={() => void start()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Alert type="info" showIcon title={t('lowcode.backup.note')} style={{ marginBottom: 16 }} />
      <Form form={form} name="backup" layout="vertical" preserve={false}>
        <Form.Item
          name="description"
          label={t('lowcode.backup.description')}
          rules={[{ max: 255, message: t('lowcode.backup.descriptionMax') }]}
        >
          <Input.TextArea rows={3} maxLength={255} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
