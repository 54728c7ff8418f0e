/** The dry run's report of a register import: per row new, updated or unchanged; every rejected row with its reason. */
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportReport } from './api';
import { RejectedRows } from './RejectedRows';

const color = { insert: 'green', update: 'blue', unchanged: 'default' } as const;

export function XlsxReport({
  report,
  keyTitle,
  testId,
  skip,
  onSkip,
}: {
  report: ImportReport;
  keyTitle?: string;
  testId: string;
  skip: boolean;
  onSkip: (skip: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={`${testId}-report`}>
      <Typography.Paragraph>
        {t('xlsxImport.summary', {
          inserted: report.inserted,
          updated: report.updated,
          unchanged: report.unchanged,
        })}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="row"
        dataSource={report.rows}
        pagination={{ pageSize: 8 }}
        columns={[
          { title: t('xlsxImport.row'), dataIndex: 'row', width: 80 },
          { title: keyTitle ?? t('xlsxImport.key'), dataIndex: 'key' },
          {
            title: t('xlsxImport.action'),
            dataIndex: 'action',
            render: (a: keyof typeof color) => <Tag color={color[a]}>{t(`xlsxImport.${a}`)}</Tag>,
          },
        ]}
      />
      {report.rejected.length > 0 && (
        <RejectedRows
          title={t('xlsxImport.rejected', { n: report.rejectedCount ?? report.rejected.length })}
          rows={report.rejected}
          rowKey="row"
          testId={`${testId}-rejected`}
          columns={[
            { title: t('xlsxImport.row'), dataIndex: 'row', width: 80 },
            { title: keyTitle ?? t('xlsxImport.key'), dataIndex: 'key', width: 160 },
            { title: t('xlsxImport.reason'), dataIndex: 'reason' },
          ]}
          skip={skip}
          skipLabel={t('xlsxImport.skipRejected')}
          onSkip={onSkip}
        />
      )}
    </div>
  );
}
