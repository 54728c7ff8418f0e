/**
 * A dialog without buttons that is open while a row is chosen, RowDrawer's sibling: its title is made from the row
 * and its body is rendered for the row only while open, so the body can load the row's data as it mounts (and is
 * dropped on close). Other Modal settings (width, maskClosable …) pass through.
 */
import { Modal, type ModalProps } from 'antd';
import type { ReactNode } from 'react';

export interface RowModalProps<T>
  extends Omit<ModalProps, 'open' | 'title' | 'footer' | 'onCancel' | 'destroyOnHidden' | 'children'> {
  row: T | null;
  title(row: T): ReactNode;
  onClose(): void;
  children(row: T): ReactNode;
}

export function RowModal<T>({ row, title, onClose, children, ...modal }: RowModalProps<T>) {
  return (
    <Modal {...modal} open={!!row} title={row ? title(row) : ''} footer={null} onCancel={onClose} destroyOnHidden>
      {row && children(row)}
    </Modal>
  );
}
