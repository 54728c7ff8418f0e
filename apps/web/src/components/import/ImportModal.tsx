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

/**
 * The footer's state taken from an import dialog's own (network, series, xlsx), spread into ImportModal: the dry run
 * waits for a file, the import for what the dialog allows, and a click runs the dialog's dry run or import.
 */
export const importButtons = (s: {
  busy: boolean;
  file: File | null;
  canApply: boolean;
  run: (dryRun: boolean) => Promise<void>;
}) => ({ busy: s.busy, canDry: !!s.file, canApply: s.canApply, onRun: (dry: boolean) => void s.run(dry) });
