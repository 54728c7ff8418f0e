/** The rows a dry run rejected, each with its reason, and the choice to import the others without them. */
import { Checkbox, type TableColumnsType, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { ReportRows } from './ReportRows';

export function RejectedRows<R extends object>({
  title,
  titleStyle,
  rows,
  rowKey,
  columns,
  testId,
  skip,
  skipLabel,
  onSkip,
}: {
  title: string;
  titleStyle?: CSSProperties;
  rows: R[];
  rowKey: string | ((r: R) => string);
  columns: TableColumnsType<R>;
  testId: string;
  skip: boolean;
  skipLabel: string;
  onSkip: (skip: boolean) => void;
}) {
  return (
    <>
      <Typography.Title level={5} style={titleStyle}>
        {title}
      </Typography.Title>
      <ReportRows rowKey={rowKey} rows={rows} testId={testId} columns={columns} />
      <Checkbox checked={skip} onChange={(e) => onSkip(e.target.checked)}>
        {skipLabel}
      </Checkbox>
    </>
  );
}
