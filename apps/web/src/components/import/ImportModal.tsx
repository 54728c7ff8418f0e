/**
 * The frame of an import dialog (registers, network, series): a modal that a click beside it does not close, that
 * cannot be closed while the server works, and whose footer is the import's buttons (ImportFooter).
 */
import { Modal } from 'antd';
import type { ComponentProps, ReactNode } from 'react';
import { ImportFooter } from './ImportFooter';

export function ImportModal({
  open,
  title,
  width,
  children,
  ...footer
}: {
  open: boolean;
  /** translated title */
  title: string;
  width: number;
  children: ReactNode;
} & ComponentProps<typeof ImportFooter>) {
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      maskClosable={false}
      onCancel={footer.busy ? undefined : footer.onClose}
      footer={<ImportFooter {...footer} />}
    >
      {children}
    </Modal>
  );
}
