/** The stage of a running import and its bar (an unknown total shows a bar without a figure). */
import { Progress, Typography } from 'antd';
import type { ReactNode } from 'react';

export function ImportProgress({
  testId,
  text,
  percent,
  showInfo,
  ariaLabel,
}: {
  testId: string;
  text: ReactNode;
  percent: number;
  showInfo?: boolean;
  ariaLabel?: string;
}) {
  return (
    <div data-testid={testId} style={{ marginBottom: 12 }}>
      <Typography.Text>{text}</Typography.Text>
      <Progress percent={percent} status="active" showInfo={showInfo} aria-label={ariaLabel} />
    </div>
  );
}
