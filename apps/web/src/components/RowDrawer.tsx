/**
 * A drawer that is open while a list row is chosen: its title is made from the row and its body is rendered for
 * the row only while open, so the body can load the row's data as it mounts (and is dropped on close).
 */
import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import type { Row } from '../api/crud';

export interface RowDrawerProps {
  row: Row | null;
  title(row: Row): string;
  size: number;
  onClose(): void;
  children(row: Row): ReactNode;
}

export function RowDrawer({ row, title, size, onClose, children }: RowDrawerProps) {
  return (
    <Drawer open={!!row} title={row ? title(row) : ''} size={size} onClose={onClose} destroyOnHidden>
      {row && children(row)}
    </Drawer>
  );
}
