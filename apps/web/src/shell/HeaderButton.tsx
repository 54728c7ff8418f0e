/** A button of the header bar: a text-style icon button whose label is both its tooltip (below) and its name. */
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

export function HeaderButton({
  label,
  icon,
  onClick,
  testId,
  className,
}: {
  /** translated label */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId?: string;
  className?: string;
}) {
  return (
    <Tooltip title={label} placement="bottom">
      <Button type="text" className={className} aria-label={label} icon={icon} onClick={onClick} data-testid={testId} />
    </Tooltip>
  );
}
