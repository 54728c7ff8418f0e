/** The message centre's detail dialog: title, type and send time, then the content with its line breaks kept. */
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageRecord } from '../../../api/message';

export function MessageDetailModal({ viewing, onClose }: { viewing: MessageRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={!!viewing} title={t('messageCenter.detail')} footer={null} onCancel={onClose} width={640}>
      {viewing && (
        <>
          <Typography.Title level={5}>{viewing.title}</Typography.Title>
          <Typography.Paragraph type="secondary">
            {t(`bell.type${viewing.messageType}`)} · {viewing.sendTime}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{viewing.content}</Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
